//! Relay, a toy game written against the generic traits alone, to show that a game needs
//! nothing but its own folder and one line in [`crate::games::Variant`] to be searched,
//! spoken over the protocol and played by `troyka-match`: a pile of stones; a turn is one or two plies
//! by the same side, each taking one or two stones (the second ply may instead end the turn);
//! whoever takes the last stone wins, and the game is drawn once `turn_limit` turns have
//! passed with stones left. It has what Breakthrough lacks: plies that do not alternate and
//! draws. `Relay<false>` has no turn limit and so no draws (every turn takes a stone), which
//! the solver needs.
//!
//! Notation: a ply is `1` or `2` (stones taken) or `end`; a turn joins its plies with a
//! comma (`2,1`, `1,end`, or `2` when the second ply emptied the pile… or ended the game).

mod training;

pub use training::TurnLimit;

use crate::eval::EvalChoice;
use crate::game::{
    Color, Evaluation, Exact, Game, GameMove, GameResult, MoveKind, MoveList, Outcome, Position,
    PositionVisitor,
};

/// A ply: take one or two stones, or (second ply only) end the turn.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Ply(u16);

impl Ply {
    pub const END_TURN: Ply = Ply(3);

    pub fn take(stones: u16) -> Ply {
        Ply(stones)
    }

    pub fn taken(self) -> u16 {
        if self == Ply::END_TURN {
            0
        } else {
            self.0
        }
    }
}

impl GameMove for Ply {
    const NULL: Ply = Ply(0);

    fn bits(self) -> u16 {
        self.0
    }

    fn from_bits(bits: u16) -> Ply {
        Ply(bits)
    }
}

/// A position; `DRAWS` says whether the turn limit holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Relay<const DRAWS: bool = true> {
    pub stones: u16,
    pub side: Color,
    /// Whether the side to move has played the first ply of its turn.
    pub second_ply: bool,
    /// Turns begun so far.
    pub turns: u16,
    pub turn_limit: u16,
    /// Who took the last stone, once the pile is empty.
    pub winner: Option<Color>,
}

impl Relay {
    /// The start position the protocol plays (`UCI_Variant relay`).
    pub fn start() -> Relay {
        Relay::new(25, 20)
    }

    pub fn new(stones: u16, turn_limit: u16) -> Relay {
        Relay::with_limit(stones, turn_limit)
    }
}

impl Relay<false> {
    /// A pile with no turn limit: someone takes the last stone.
    pub fn endless(stones: u16) -> Relay<false> {
        Relay::with_limit(stones, u16::MAX)
    }
}

impl<const DRAWS: bool> Relay<DRAWS> {
    fn with_limit(stones: u16, turn_limit: u16) -> Relay<DRAWS> {
        Relay {
            stones,
            side: Color::White,
            second_ply: false,
            turns: 0,
            turn_limit,
            winner: None,
        }
    }

    fn end_turn(mut self) -> Relay<DRAWS> {
        self.side = self.side.opponent();
        self.second_ply = false;
        self.turns += 1;
        self
    }
}

impl<const DRAWS: bool> Position for Relay<DRAWS> {
    type Move = Ply;
    type Forced = [Ply; 0];
    type Tables = ();
    type OrderHints = ();
    type Evaluation = Material;

    const ALTERNATES: bool = false;
    const HISTORY_SLOTS: usize = 2 * 4;
    const CAN_DRAW: bool = DRAWS;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        let fields = [
            self.stones as u64,
            self.side as u64,
            self.second_ply as u64,
            self.turns as u64,
            self.winner.map_or(0, |w| w as u64 + 1),
        ];
        fields
            .iter()
            .fold(0xcbf2_9ce4_8422_2325, |h: u64, &f| {
                (h ^ f).wrapping_mul(0x0100_0000_01b3)
            })
            .wrapping_add(1)
    }

    fn decided(&self) -> Option<GameResult> {
        match self.winner {
            Some(winner) => Some(GameResult::Win(winner)),
            None if DRAWS && self.turns >= self.turn_limit => Some(GameResult::Draw),
            None => None,
        }
    }

    fn generate(&self, list: &mut MoveList<Ply>) {
        for take in 1..=self.stones.min(2) {
            list.push(Ply::take(take));
        }
        if self.second_ply {
            list.push(Ply::END_TURN);
        }
    }

    fn generate_noisy(&self, _: &mut MoveList<Ply>) {}

    fn is_capture(&self, _: Ply) -> bool {
        false
    }

    fn play(&self, ply: Ply) -> Relay<DRAWS> {
        let mut next = *self;
        next.stones -= ply.taken();
        if next.stones == 0 {
            next.winner = Some(self.side);
        }
        if self.second_ply || ply == Ply::END_TURN {
            next.end_turn()
        } else {
            next.second_ply = true;
            next
        }
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn pass(&self) -> Relay<DRAWS> {
        self.end_turn()
    }

    fn tables(&self) {}

    fn exact(&self, _: &()) -> Exact<[Ply; 0]> {
        Exact::Open
    }

    fn is_urgent(&self, _: &(), _: Ply) -> bool {
        false
    }

    fn order_hints(&self) {}

    fn move_kind(&self, _: &(), _: Ply) -> MoveKind {
        MoveKind::Quiet
    }

    fn history_slot(&self, ply: Ply) -> usize {
        self.side as usize * 4 + ply.0 as usize
    }
}

/// No knowledge at all: every unfinished position scores zero.
pub struct Material;

impl<const DRAWS: bool> Evaluation<Relay<DRAWS>> for Material {
    fn new(_: &Relay<DRAWS>, _: &EvalChoice) -> Material {
        Material
    }

    fn evaluate(&mut self, _: &Relay<DRAWS>, _: usize) -> i32 {
        0
    }

    fn push_move(&mut self, _: &Relay<DRAWS>, _: Ply, _: usize) {}

    fn push_pass(&mut self, _: usize) {}
}

impl<const DRAWS: bool> Game for Relay<DRAWS> {
    type Move = Ply;
    const NAME: &'static str = "relay";

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        let result = self.decided()?;
        let reason = match result {
            GameResult::Win(winner) => format!("{} takes the last stone", winner.name()),
            GameResult::Draw => format!("{} turns have passed", self.turn_limit),
        };
        Some(Outcome { result, reason })
    }

    fn legal_moves(&self) -> MoveList<Ply> {
        let mut list = MoveList::new();
        if self.decided().is_none() {
            self.generate(&mut list);
        }
        list
    }

    fn play(&self, ply: Ply) -> Relay<DRAWS> {
        Position::play(self, ply)
    }

    fn move_name(&self, ply: Ply) -> String {
        match ply {
            Ply::END_TURN => "end".into(),
            _ => ply.taken().to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Ply, String> {
        let ply = match text {
            "end" => Ply::END_TURN,
            "1" | "2" => Ply::take(text.parse().expect("a digit")),
            _ => return Err(format!("'{text}' is not a ply (expected 1, 2 or end)")),
        };
        if self.legal_moves().contains(&ply) {
            Ok(ply)
        } else {
            Err(format!("'{text}' is not legal here"))
        }
    }

    /// `stones side ply turns limit winner`, e.g. `7 white 2 3 10 -`.
    fn to_text(&self) -> String {
        let winner = self.winner.map_or("-", Color::name);
        format!(
            "{} {} {} {} {} {winner}",
            self.stones,
            self.side.name(),
            1 + self.second_ply as u8,
            self.turns,
            self.turn_limit
        )
    }

    fn from_text(text: &str) -> Result<Relay<DRAWS>, String> {
        let bad = || format!("'{text}' is not a Relay position");
        let color = |name: &str| match name {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            _ => Err(bad()),
        };
        let words: Vec<&str> = text.split(' ').collect();
        let [stones, side, ply, turns, limit, winner] = words[..] else {
            return Err(bad());
        };
        let number = |word: &str| word.parse::<u16>().map_err(|_| bad());
        Ok(Relay {
            stones: number(stones)?,
            side: color(side)?,
            second_ply: number(ply)? == 2,
            turns: number(turns)?,
            turn_limit: number(limit)?,
            winner: if winner == "-" {
                None
            } else {
                Some(color(winner)?)
            },
        })
    }

    fn diagram(&self) -> String {
        format!(
            "{} stones: {}\n{} to move, ply {} of turn {} of {}",
            self.stones,
            "o".repeat(self.stones.into()),
            self.side.name(),
            1 + self.second_ply as u8,
            self.turns + 1,
            self.turn_limit
        )
    }

    fn explain(&self, _: &EvalChoice) -> String {
        "Relay has no evaluation: every unfinished position scores 0".into()
    }

    fn visit<V: PositionVisitor<Ply>>(&self, visitor: V) -> V::Output {
        visitor.visit(self)
    }
}
