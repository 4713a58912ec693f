//! [`GameLine`]: the game a page shows, held by the server with the library's rules
//! ([`Game`]), so that the page carries no rules of its own. It is the position the game
//! started from, the turns played (each with what Troyka said when it played one), where the
//! page stands in the game (the cursor: going back to an earlier position and playing
//! another turn there cuts the line), the legs of a turn being entered (Breakthru's first
//! slide, shown until the turn is complete), and Troyka's evaluations of the positions
//! (the page's chart). Nothing here knows of HTTP or of the engine.

use crate::game::{turn_over, Color, Game, Outcome};
use crate::tournament::game_record::{MoveNote, ReportedScore, Turn};

/// A turn of the game, with its name and what Troyka said about it when it played it.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    pub legs: Turn<G>,
    /// The turn as the engine and records write it ([`Game::turn_name`]).
    pub name: String,
    /// `None` for a turn a person played.
    pub note: Option<MoveNote>,
}

/// Troyka's verdict on a position, from white's (gold's) side: a search's score and depth.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Eval {
    pub score: ReportedScore,
    pub depth: u32,
}

impl Eval {
    /// The verdict of a search of a position where `side` is to move, whose score is for
    /// `side`, turned to white's side.
    pub fn from_mover(score: ReportedScore, depth: u32, side: Color) -> Eval {
        let score = match (side, score) {
            (Color::White, score) => score,
            (Color::Black, ReportedScore::Centipawns(cp)) => ReportedScore::Centipawns(-cp),
            (Color::Black, ReportedScore::Mate(n)) => ReportedScore::Mate(-n),
        };
        Eval { score, depth }
    }
}

/// A game being played or looked at in a page.
#[derive(Clone, Debug)]
pub struct GameLine<G: Game> {
    /// The position after the first `i` turns is `positions[i]`: one more than `turns`.
    positions: Vec<G>,
    turns: Vec<Played<G>>,
    /// How many turns are played in the position the page stands at.
    cursor: usize,
    /// The legs of the turn being entered at the cursor (not yet a whole turn).
    legs: Vec<G::Move>,
    /// Troyka's verdict on each position, where it has one: one per position.
    evals: Vec<Option<Eval>>,
}

impl<G: Game> GameLine<G> {
    /// A game from `root`, nothing played.
    pub fn new(root: G) -> GameLine<G> {
        GameLine {
            positions: vec![root],
            turns: Vec::new(),
            cursor: 0,
            legs: Vec::new(),
            evals: vec![None],
        }
    }

    /// A game from `root` with `turns` played (legal, whole turns: a record replayed with the
    /// rules), the cursor at the end.
    pub fn replayed(root: G, turns: Vec<Turn<G>>) -> GameLine<G> {
        let mut line = GameLine::new(root);
        for legs in turns {
            line.push(legs, None);
        }
        line
    }

    pub fn root(&self) -> &G {
        &self.positions[0]
    }

    pub fn turns(&self) -> &[Played<G>] {
        &self.turns
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn evals(&self) -> &[Option<Eval>] {
        &self.evals
    }

    /// The position at the cursor, at the start of a turn.
    pub fn position(&self) -> &G {
        &self.positions[self.cursor]
    }

    /// The position after `index` turns (`index` at most the number of turns).
    pub fn position_at(&self, index: usize) -> &G {
        &self.positions[index]
    }

    /// The last position of the game.
    pub fn last_position(&self) -> &G {
        self.positions.last().expect("the root is always there")
    }

    /// The position the page shows: the cursor's, with the legs entered so far played.
    pub fn shown(&self) -> G {
        self.position().play_all(&self.legs)
    }

    /// The legs of the turn being entered.
    pub fn legs(&self) -> &[G::Move] {
        &self.legs
    }

    /// Whether the cursor is at the end of the game.
    pub fn at_end(&self) -> bool {
        self.cursor == self.turns.len()
    }

    /// The position at the cursor's outcome, if the game is over there.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Plays one leg (Breakthrough's move, one of Breakthru's slides) at the cursor: when it
    /// completes the turn, the turn is played; otherwise it waits for the next leg. An
    /// illegal leg is refused with the rules' reason and changes nothing.
    pub fn play_leg(&mut self, text: &str) -> Result<(), String> {
        let shown = self.shown();
        if let Some(outcome) = shown.outcome() {
            return Err(format!("the game is over: {}", outcome.reason));
        }
        let leg = shown.parse_move(text.trim())?;
        self.legs.push(leg);
        if turn_over(self.position(), &shown.play(leg)) {
            let legs = std::mem::take(&mut self.legs);
            self.play(legs, None);
        }
        Ok(())
    }

    /// Plays a whole turn (`d5c5,d6c6`) at the cursor, as the engine names it, with what
    /// the engine said about it; the legs entered so far are dropped. Refused, changing
    /// nothing, unless it is legal and whole.
    pub fn play_turn(&mut self, text: &str, note: Option<MoveNote>) -> Result<(), String> {
        let position = self.position();
        if let Some(outcome) = position.outcome() {
            return Err(format!("the game is over: {}", outcome.reason));
        }
        let legs = position.parse_turn(text.trim())?;
        self.legs.clear();
        self.play(legs, note);
        Ok(())
    }

    /// Plays a legal whole turn at the cursor. The same turn as the next one of the game
    /// just moves the cursor on (keeping the rest); another cuts the game there.
    fn play(&mut self, legs: Turn<G>, note: Option<MoveNote>) {
        if let Some(next) = self.turns.get_mut(self.cursor) {
            if next.legs == legs {
                if note.is_some() {
                    next.note = note;
                }
                self.cursor += 1;
                return;
            }
        }
        self.cut(self.cursor);
        self.push(legs, note);
    }

    /// Appends a turn to the end of the game and moves the cursor there.
    fn push(&mut self, legs: Turn<G>, note: Option<MoveNote>) {
        let position = self.last_position();
        let name = position.turn_name(&legs);
        let next = position.play_all(&legs);
        self.positions.push(next);
        self.turns.push(Played { legs, name, note });
        self.evals.push(None);
        self.cursor = self.turns.len();
    }

    /// Keeps the first `turns` turns of the game, and puts the cursor at its end.
    fn cut(&mut self, turns: usize) {
        self.turns.truncate(turns);
        self.positions.truncate(turns + 1);
        self.evals.truncate(turns + 1);
        self.cursor = turns;
    }

    /// Drops the legs of the turn being entered; whether there were any.
    pub fn cancel_legs(&mut self) -> bool {
        let had = !self.legs.is_empty();
        self.legs.clear();
        had
    }

    /// Takes back the legs being entered if there are any, else the last `count` turns
    /// before the cursor (at least one; those after it go too).
    pub fn take_back(&mut self, count: usize) -> Result<(), String> {
        if self.cancel_legs() {
            return Ok(());
        }
        if self.cursor == 0 {
            return Err("there is no move to take back".into());
        }
        self.cut(self.cursor.saturating_sub(count.max(1)));
        Ok(())
    }

    /// Goes to the position after `index` turns, dropping any legs entered.
    pub fn goto(&mut self, index: usize) -> Result<(), String> {
        if index > self.turns.len() {
            return Err(format!(
                "there is no position {index}: the game has {} moves",
                self.turns.len()
            ));
        }
        self.legs.clear();
        self.cursor = index;
        Ok(())
    }

    /// Records Troyka's verdict on the position after `index` turns.
    pub fn set_eval(&mut self, index: usize, eval: Eval) {
        if let Some(slot) = self.evals.get_mut(index) {
            *slot = Some(eval);
        }
    }

    /// The UCI command that sets the cursor's position: the root and the turns played, so
    /// that the engine knows the positions a repetition would draw.
    pub fn position_command(&self) -> String {
        let mut command = format!("position fen {}", self.root().to_text());
        if self.cursor > 0 {
            command.push_str(" moves");
            for turn in &self.turns[..self.cursor] {
                command.push(' ');
                command.push_str(&turn.name);
            }
        }
        command
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::breakthru::BreakthruGame;

    fn small() -> GameLine<Breakthrough> {
        GameLine::new(Breakthrough::start(BoardSize::new(5, 5).unwrap()))
    }

    #[test]
    fn legs_turns_and_the_cursor() {
        let mut line = small();
        line.play_leg("a2a3").unwrap();
        line.play_leg("e4e3").unwrap();
        assert_eq!((line.cursor(), line.turns().len()), (2, 2));
        assert_eq!(
            line.position_command(),
            "position fen ppppp/ppppp/5/PPPPP/PPPPP w 0 1 moves a2a3 e4e3"
        );
        let error = line.play_leg("a3a5").unwrap_err();
        assert!(error.contains("not a legal move"), "{error}");
        assert_eq!(line.cursor(), 2);
        // Back one, the same turn again: the rest of the game stays.
        line.goto(1).unwrap();
        line.play_leg("e4e3").unwrap();
        assert_eq!((line.cursor(), line.turns().len()), (2, 2));
        // Back one, another turn: the game is cut there.
        line.goto(1).unwrap();
        line.play_leg("d4d3").unwrap();
        assert_eq!(line.turns()[1].name, "d4d3");
        assert!(line.goto(3).is_err());
        line.take_back(2).unwrap();
        assert_eq!((line.cursor(), line.turns().len()), (0, 0));
        assert!(line.take_back(1).is_err());
    }

    #[test]
    fn a_breakthru_turn_waits_for_its_second_slide() {
        let mut line = GameLine::new(BreakthruGame::start());
        line.play_leg("d5c5").unwrap();
        assert_eq!((line.turns().len(), line.legs().len()), (0, 1));
        assert_ne!(line.shown().hash(), line.position().hash());
        // The same ship may not slide twice.
        let error = line.play_leg("c5c4").unwrap_err();
        assert!(error.contains("not legal"), "{error}");
        line.play_leg("d6c6").unwrap();
        assert_eq!(line.turns()[0].name, "d5c5,d6c6");
        line.play_leg("d2c2").unwrap();
        line.take_back(1).unwrap();
        assert_eq!((line.turns().len(), line.legs().len()), (1, 0));
        line.play_turn("h2i2,d2c2", None).unwrap();
        assert_eq!(line.turns()[1].name, "d2c2,h2i2");
        assert!(line.play_turn("d5d4", None).is_err());
    }

    #[test]
    fn evals_follow_the_positions() {
        let mut line = small();
        line.play_leg("a2a3").unwrap();
        line.set_eval(
            1,
            Eval::from_mover(ReportedScore::Centipawns(30), 5, Color::Black),
        );
        assert_eq!(
            line.evals()[1].unwrap().score,
            ReportedScore::Centipawns(-30)
        );
        line.take_back(1).unwrap();
        assert_eq!(line.evals().len(), 1);
    }
}
