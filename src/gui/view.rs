//! What the page is sent about a game, as JSON: the board as rows of piece letters, the
//! legal legs, the moves, the outcome and Troyka's evaluations, each score also as the
//! expected result in percent. Made from a [`GameLine`] with the rules; the page draws it
//! and knows no rules.

use super::line::{Eval, GameLine};
use crate::game::proof::{ProofChecker, ProvableGame, SolvableVisitor};
use crate::game::{Color, Game, GameMove, GameResult};
use crate::tournament::game_record::ReportedScore;
use serde::Serialize;

/// Boards of at most this many squares get the "who wins?" button: 5x5 is proved in about
/// ten seconds here, 6x6 rarely within a minute, larger boards never.
const SOLVER_MAX_SQUARES: usize = 36;

/// Centipawns per logit of the expected result shown beside a score: `+2.00` (two pieces
/// ahead) shows as 73 %. A convention for people, not fitted to games.
const CENTIPAWNS_PER_LOGIT: f64 = 200.0;

/// A game as the page draws it.
#[derive(Serialize, Debug)]
pub struct BoardView {
    /// `breakthrough` or `breakthru` ([`Game::NAME`]).
    pub game: &'static str,
    /// `Breakthrough 8x8`, `Breakthru`.
    pub title: String,
    pub files: usize,
    pub ranks: usize,
    /// The shown position (with the legs of the turn being entered), top rank first, one
    /// character per square: the position string's piece letters, `.` for an empty square.
    pub board: Vec<String>,
    /// What the two sides are called, white (the side that starts) first.
    pub sides: [&'static str; 2],
    /// The side to move, 0 for white, 1 for black.
    pub to_move: usize,
    /// The position string at the cursor (at the start of the turn).
    pub fen: String,
    pub moves: Vec<MoveView>,
    /// The side that plays the first move, 0 or 1.
    pub first_mover: usize,
    /// Turns played in the position shown.
    pub cursor: usize,
    /// The legs of the turn being entered.
    pub legs: Vec<String>,
    /// Every legal leg in the position shown (none once the game is over).
    pub legal: Vec<String>,
    /// The legs of the last turn played before the cursor, to mark on the board.
    pub last: Vec<String>,
    pub outcome: Option<OutcomeView>,
    /// Troyka's verdict on each position of the game (white's side), where it has one.
    pub evals: Vec<Option<ScoreView>>,
    /// Whether "who wins?" is offered here.
    pub solvable: bool,
}

#[derive(Serialize, Debug)]
pub struct MoveView {
    pub name: String,
    /// What Troyka said when it played the move: `+0.31/12 1.002s`.
    pub note: Option<String>,
}

#[derive(Serialize, Debug)]
pub struct OutcomeView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// 0 or 1; none for a draw.
    pub winner: Option<usize>,
    /// `White reaches the goal`, `gold's flagship reaches the edge`, …
    pub reason: String,
}

/// A score as a number and as a percentage, from one side.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ScoreView {
    /// `+0.31`, `-1.20`, `+M5`.
    pub text: String,
    /// The expected result in percent (100 a sure win).
    pub percent: f64,
    pub depth: u32,
}

impl ScoreView {
    pub fn new(score: ReportedScore, depth: u32) -> ScoreView {
        ScoreView {
            text: score.text(),
            percent: percent(score),
            depth,
        }
    }
}

/// The expected result of `score`, in percent, rounded to a tenth.
pub fn percent(score: ReportedScore) -> f64 {
    let expected = match score {
        ReportedScore::Centipawns(cp) => {
            1.0 / (1.0 + (-f64::from(cp) / CENTIPAWNS_PER_LOGIT).exp())
        }
        ReportedScore::Mate(moves) if moves > 0 => 1.0,
        ReportedScore::Mate(_) => 0.0,
    };
    (expected * 1000.0).round() / 10.0
}

/// The index of a side in the view's arrays.
pub fn side_index(side: Color) -> usize {
    side as usize
}

impl<G: Game> GameLine<G> {
    /// The game as the page draws it.
    pub fn view(&self) -> BoardView {
        let shown = self.shown();
        let board = rows(&shown.to_text());
        let position = self.position();
        let title = match shown.board_size() {
            Some(size) => format!("{} {size}", title_case(G::PGN_VARIANT)),
            None => title_case(G::PGN_VARIANT),
        };
        let legal = shown.legal_moves();
        let last = match (self.legs().is_empty(), self.cursor()) {
            (true, 0) => Vec::new(),
            (true, cursor) => {
                self.names(self.position_at(cursor - 1), &self.turns()[cursor - 1].legs)
            }
            (false, _) => self.names(position, self.legs()),
        };
        BoardView {
            game: G::NAME,
            title,
            files: board.first().map_or(0, |row| row.chars().count()),
            ranks: board.len(),
            board,
            sides: [G::side_name(Color::White), G::side_name(Color::Black)],
            to_move: side_index(shown.side_to_move()),
            fen: position.to_text(),
            moves: self
                .turns()
                .iter()
                .map(|turn| MoveView {
                    name: turn.name.clone(),
                    note: turn.note.map(|note| {
                        let score = note.score.map_or("?".into(), |s| s.text());
                        let depth = note.depth.map_or("?".into(), |d| d.to_string());
                        format!("{score}/{depth} {:.1}s", note.time.as_secs_f64())
                    }),
                })
                .collect(),
            first_mover: side_index(self.root().side_to_move()),
            cursor: self.cursor(),
            legs: self.names(position, self.legs()),
            legal: legal.iter().map(|&leg| shown.move_name(leg)).collect(),
            last,
            outcome: position.outcome().map(|outcome| OutcomeView {
                result: outcome.result.pgn(),
                winner: match outcome.result {
                    GameResult::Win(side) => Some(side_index(side)),
                    GameResult::Draw => None,
                },
                reason: outcome.reason,
            }),
            evals: self
                .evals()
                .iter()
                .map(|eval| eval.map(|Eval { score, depth }| ScoreView::new(score, depth)))
                .collect(),
            solvable: self.solvable(),
        }
    }

    /// Whether the solver can prove the cursor's position in reasonable time.
    pub fn solvable(&self) -> bool {
        let position = self.position();
        let squares = rows(&position.to_text())
            .iter()
            .map(|row| row.chars().count())
            .sum::<usize>();
        squares <= SOLVER_MAX_SQUARES && position.visit_solvable(CanSolve).is_some()
    }

    /// The names of `legs` played one after another from `from`.
    fn names(&self, from: &G, legs: &[G::Move]) -> Vec<String> {
        let mut position = from.clone();
        legs.iter()
            .map(|&leg| {
                let name = position.move_name(leg);
                position = position.play(leg);
                name
            })
            .collect()
    }
}

/// Asks only whether a game can be solved.
struct CanSolve;

impl<M: GameMove> SolvableVisitor<M> for CanSolve {
    type Output = ();
    fn visit<G: ProvableGame<Move = M>>(self, _: &G, _: ProofChecker)
    where
        M: Ord,
    {
    }
}

/// The board of a position string (`2p2/5/… w 0 1`: ranks from the top, digits runs of
/// empty squares) as rows of one character per square, `.` for an empty one.
pub fn rows(position: &str) -> Vec<String> {
    let board = position.split_whitespace().next().unwrap_or("");
    board
        .split('/')
        .map(|rank| {
            let mut row = String::new();
            let mut run = 0;
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(digit) => run = run * 10 + digit as usize,
                    None => {
                        row.extend(std::iter::repeat_n('.', run));
                        run = 0;
                        row.push(c);
                    }
                }
            }
            row.extend(std::iter::repeat_n('.', run));
            row
        })
        .collect()
}

/// `breakthrough` → `Breakthrough`.
fn title_case(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::breakthru::BreakthruGame;

    #[test]
    fn rows_expand_runs_of_any_length() {
        assert_eq!(rows("2p2/5 w 0 1"), ["..p..", "....."]);
        assert_eq!(rows("11/3sssss3 g 0 1")[1], "...sssss...");
        assert_eq!(rows("10P/p10 w")[0].len(), 11);
    }

    #[test]
    fn percentages() {
        assert_eq!(percent(ReportedScore::Centipawns(0)), 50.0);
        assert_eq!(percent(ReportedScore::Centipawns(200)), 73.1);
        assert_eq!(percent(ReportedScore::Centipawns(-200)), 26.9);
        assert_eq!(percent(ReportedScore::Mate(3)), 100.0);
        assert_eq!(percent(ReportedScore::Mate(-1)), 0.0);
    }

    #[test]
    fn views_of_both_games() {
        let line = GameLine::new(Breakthrough::start(BoardSize::new(5, 5).unwrap()));
        let view = line.view();
        assert_eq!(
            (view.title.as_str(), view.files, view.ranks),
            ("Breakthrough 5x5", 5, 5)
        );
        assert_eq!(view.board[0], "ppppp");
        assert_eq!(view.legal.len(), 13);
        assert!(view.solvable);
        let mut line = GameLine::new(BreakthruGame::start());
        line.play_leg("d5c5").unwrap();
        let view = line.view();
        assert_eq!(
            (view.title.as_str(), view.files, view.ranks),
            ("Breakthru", 11, 11)
        );
        assert_eq!(view.sides, ["gold", "silver"]);
        assert_eq!(view.legs, ["d5c5"]);
        assert_eq!(view.last, ["d5c5"]);
        assert_eq!(
            &view.board[6][..4],
            ".sE.",
            "rank 5 with the first slide played"
        );
        assert!(!view.solvable);
    }
}
