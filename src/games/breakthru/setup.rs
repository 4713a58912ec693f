//! The setup phase, the 1965 sheet's own start: the board is empty but for gold's flagship on
//! f6; gold places its twelve escorts on any twelve squares of the central 5x5 (d4–h8), then
//! silver its twenty ships on any squares of the periphery (outside d4–h8), then gold makes
//! the first turn of the game proper.
//!
//! Each placement is one ply ([`Leg::place`], written `E@e5` or `S@b2`), and a side's setup
//! is one turn: all its placements. Their order does not matter, so a setup turn is written
//! in square order (a1, b1, …, k1, a2, …) and read in any. Gold alone has C(24, 12) =
//! 2,704,156 setups and silver C(96, 20) ≈ 5.4e20, too many to list: perft counts them (see
//! [`Breakthru::setup_perft`]), and the engine chooses its own by changing a whole setup a
//! piece at a time (`search/plan.rs`), from the reference start's.

use super::bitboard::Board121;
use super::notation::{square_name, Leg};
use super::position::{side_name, Breakthru, MAX_ESCORTS, MAX_SILVER};
use super::zobrist::{self, Piece};
use crate::game::Color;
use std::sync::atomic::{AtomicBool, Ordering};

/// The boldly ruled central area, d4–h8: where gold places its escorts, and where silver may
/// not place.
pub const CENTRE: Board121 = {
    let mut bits = 0u128;
    let mut rank = 3;
    while rank <= 7 {
        let mut file = 3;
        while file <= 7 {
            bits |= 1 << (rank * 11 + file);
            file += 1;
        }
        rank += 1;
    }
    Board121(bits)
};

/// The centre square, f6, where the flagship starts.
pub const FLAGSHIP_SQUARE: usize = 5 * 11 + 5;

/// The most setups perft plays out one by one to count past the setup phase, and the most a
/// position lists as its turns.
pub const LISTED_SETUPS: u128 = 100_000;

/// Where `side` places its fleet.
pub fn setup_area(side: Color) -> Board121 {
    match side {
        Color::White => CENTRE & !Board121::square(FLAGSHIP_SQUARE),
        Color::Black => Board121::ALL & !CENTRE,
    }
}

/// The number of ways to choose `k` of `n`, exactly (at most C(121, 20) here).
fn choose(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    // Each partial product is itself a binomial coefficient, so every division is exact.
    (0..k).fold(1u128, |ways, i| {
        ways * u128::from(n - i) / u128::from(i + 1)
    })
}

impl Breakthru {
    /// The empty board of the setup phase: the flagship on f6, gold to place its twelve
    /// escorts.
    pub fn setup_start() -> Breakthru {
        Breakthru::new_setup(Board121::EMPTY, Board121::EMPTY, 1).expect("the empty setup is valid")
    }

    /// A position of the setup phase, with the fleets placed so far: gold places until it
    /// has its twelve escorts, then silver until it has its twenty ships. Refuses what the
    /// setup cannot reach: a flagship off f6 (the caller puts it there), an escort outside
    /// d4–h8, a silver ship inside it, silver ships while gold is still placing, fleets
    /// already whole.
    pub fn new_setup(escorts: Board121, silver: Board121, turn: u32) -> Result<Breakthru, String> {
        let flagship = Some(FLAGSHIP_SQUARE);
        let mut position = Breakthru::new(flagship, escorts, silver, Color::White, 0, turn)?;
        if let Some(square) = (escorts & !setup_area(Color::White)).first() {
            return Err(format!(
                "an escort on {}: gold places its escorts in d4–h8",
                square_name(square)
            ));
        }
        if let Some(square) = (silver & !setup_area(Color::Black)).first() {
            return Err(format!(
                "a silver ship on {}: silver places its ships outside d4–h8",
                square_name(square)
            ));
        }
        let (escorts_left, silver_left) =
            (MAX_ESCORTS - escorts.count(), MAX_SILVER - silver.count());
        if escorts_left > 0 && silver_left < MAX_SILVER {
            return Err(format!(
                "silver places after gold, and gold has {escorts_left} escorts still to place"
            ));
        }
        if escorts_left == 0 && silver_left == 0 {
            return Err("both fleets are placed: the setup is over".into());
        }
        position.to_place = if escorts_left > 0 {
            escorts_left as u8
        } else {
            position.side = Color::Black;
            silver_left as u8
        };
        position.hash = position.hash_from_scratch();
        Ok(position)
    }

    /// Whether the fleets are still being placed.
    #[inline]
    pub fn is_setup(&self) -> bool {
        self.to_place > 0
    }

    /// In the setup phase, the pieces the side to move has still to place; 0 after it.
    pub fn to_place(&self) -> u32 {
        self.to_place.into()
    }

    /// The squares the side to move may place its next piece on (none after the setup).
    pub fn placement_squares(&self) -> Board121 {
        if self.is_setup() {
            setup_area(self.side) & self.empty()
        } else {
            Board121::EMPTY
        }
    }

    /// The position after a legal placement: the piece is on the board, and once the side's
    /// fleet is whole the other side places (or, after silver, gold plays).
    pub(super) fn play_placement(&self, leg: Leg) -> Breakthru {
        let mut next = *self;
        let piece = match self.side {
            Color::White => Piece::Escort,
            Color::Black => Piece::Silver,
        };
        next.hash ^= zobrist::to_place(self.to_place.into());
        next.to_place -= 1;
        next.toggle(piece, leg.placed_on());
        if next.to_place == 0 {
            next.side = self.side.opponent();
            next.hash ^= zobrist::silver_to_move();
            next.turn = self.turn.saturating_add(1);
            if self.side == Color::White {
                next.to_place = (MAX_SILVER - self.silver.count()) as u8;
            }
        }
        if next.to_place > 0 {
            next.hash ^= zobrist::to_place(next.to_place.into());
        }
        debug_assert_eq!(next.hash, next.hash_from_scratch());
        next
    }

    /// Why a placement, or any leg in the setup phase, may not be played; `Ok` if it may.
    pub(super) fn explain_placement(&self, leg: Leg) -> Result<(), String> {
        let side = side_name(self.side);
        let Some(placer) = leg.placer() else {
            return Err(format!(
                "{side} is placing its fleet: a move of the setup is a placement, as {}",
                Leg::place(self.side, setup_area(self.side).first().unwrap_or(0))
            ));
        };
        if !self.is_setup() {
            return Err("the fleets are placed: the setup is over".into());
        }
        let square = leg.placed_on();
        let name = square_name(square);
        if placer != self.side {
            return Err(format!(
                "{side} is placing, and {leg} places a piece of {}",
                side_name(placer)
            ));
        }
        if !self.empty().contains(square) {
            return Err(format!("{name} is taken"));
        }
        if !setup_area(self.side).contains(square) {
            return Err(match self.side {
                Color::White => format!("{name} is outside d4–h8, where gold places its escorts"),
                Color::Black => format!("{name} is inside d4–h8, where silver may not place"),
            });
        }
        Ok(())
    }

    /// Reads a whole setup turn, the side's remaining placements joined by commas in any
    /// order, and returns it in square order, or says what is wrong with it.
    pub fn parse_setup_turn(&self, text: &str) -> Result<Vec<Leg>, String> {
        let mut position = *self;
        let mut legs = Vec::new();
        for part in text.trim().split(',') {
            if !position.is_setup() || position.side != self.side {
                return Err(format!(
                    "'{text}' places more than the {} pieces {} has left to place",
                    self.to_place,
                    side_name(self.side)
                ));
            }
            let leg = Leg::parse(part)?;
            position
                .explain_placement(leg)
                .map_err(|why| format!("{leg} cannot be played: {why}"))?;
            position = position.play_placement(leg);
            legs.push(leg);
        }
        if position.side == self.side {
            return Err(format!(
                "'{text}' is not a whole turn: {} has {} more to place",
                side_name(self.side),
                position.to_place
            ));
        }
        legs.sort_by_key(|leg| leg.placed_on());
        Ok(legs)
    }

    /// The number of ways the side to move can finish placing its fleet: its setup turns.
    pub fn count_setups(&self) -> u128 {
        choose(self.placement_squares().count(), self.to_place.into())
    }

    /// Every setup turn left to the side to move, each in square order; call only where
    /// [`Breakthru::count_setups`] is small.
    pub fn setup_turns(&self) -> Vec<Vec<Leg>> {
        let squares: Vec<usize> = self.placement_squares().squares().collect();
        let k = usize::from(self.to_place);
        let mut turns = Vec::new();
        if k > squares.len() {
            return turns;
        }
        // The k-subsets of the free squares in lexicographic order, as index vectors.
        let mut chosen: Vec<usize> = (0..k).collect();
        loop {
            turns.push(
                chosen
                    .iter()
                    .map(|&i| Leg::place(self.side, squares[i]))
                    .collect(),
            );
            let Some(i) = (0..k).rev().find(|&i| chosen[i] < squares.len() - k + i) else {
                return turns;
            };
            chosen[i] += 1;
            for j in i + 1..k {
                chosen[j] = chosen[j - 1] + 1;
            }
        }
    }

    /// The position after a whole setup turn (its placements, in any order).
    pub fn play_setup(&self, legs: &[Leg]) -> Breakthru {
        legs.iter()
            .fold(*self, |position, &leg| position.play_placement(leg))
    }

    /// Perft from a setup position, in turns as always: depth 1 counts the side's setups.
    /// Every setup of gold leaves silver the same choice, so within the setup phase the
    /// counts multiply; past it, each setup is played out and counted by `perft_after`,
    /// which only a position with at most 100,000 setups left can afford (and an error says
    /// so otherwise). `None` when `stop` ended the count.
    pub fn setup_perft(
        &self,
        depth: u32,
        stop: &AtomicBool,
        perft_after: &dyn Fn(&Breakthru, u32) -> u64,
    ) -> Result<Option<u128>, String> {
        if depth == 0 {
            return Ok(Some(1));
        }
        let setups = self.count_setups();
        if depth == 1 {
            return Ok(Some(setups));
        }
        if self.side == Color::White && depth == 2 {
            let silver = choose(
                setup_area(Color::Black).count() - self.silver.count(),
                MAX_SILVER - self.silver.count(),
            );
            return Ok(Some(setups * silver));
        }
        if setups > LISTED_SETUPS {
            return Err(format!(
                "perft {depth} from here would play out {setups} setups one by one; past \
                 the setup phase perft counts from positions with at most {LISTED_SETUPS} \
                 setups left"
            ));
        }
        let mut leaves = 0u128;
        for turn in self.setup_turns() {
            if stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let next = self.play_setup(&turn);
            leaves += if next.is_setup() {
                match next.setup_perft(depth - 1, stop, perft_after)? {
                    Some(count) => count,
                    None => return Ok(None),
                }
            } else {
                u128::from(perft_after(&next, depth - 1))
            };
        }
        Ok((!stop.load(Ordering::Relaxed)).then_some(leaves))
    }

    /// The reference start's placements that the side to move has still to make, or as many
    /// of them as its setup has room for, then the first free squares: the setup the engine
    /// starts its own from.
    pub fn standard_setup(&self) -> Vec<Leg> {
        let reference = Breakthru::start().pieces(self.side) & setup_area(self.side);
        let free = self.placement_squares();
        let squares = (reference & free)
            .squares()
            .chain((free & !reference).squares());
        let mut legs: Vec<Leg> = squares
            .take(self.to_place.into())
            .map(|square| Leg::place(self.side, square))
            .collect();
        legs.sort_by_key(|leg| leg.placed_on());
        legs
    }

    /// `setup` (a whole setup turn of the side to move) with one of its placements moved to
    /// another free square of the side's area, both chosen by `random`; unchanged when no
    /// square is free.
    pub fn changed_setup(&self, setup: &[Leg], random: u64) -> Vec<Leg> {
        let used = setup.iter().fold(Board121::EMPTY, |set, leg| {
            set | Board121::square(leg.placed_on())
        });
        let free: Vec<usize> = (self.placement_squares() & !used).squares().collect();
        if setup.is_empty() || free.is_empty() {
            return setup.to_vec();
        }
        let mut changed = setup.to_vec();
        let moved = (random % setup.len() as u64) as usize;
        let to = free[((random >> 32) % free.len() as u64) as usize];
        changed[moved] = Leg::place(self.side, to);
        changed.sort_by_key(|leg| leg.placed_on());
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_areas_split_the_board() {
        assert_eq!(CENTRE.count(), 25);
        assert!(CENTRE.contains(FLAGSHIP_SQUARE));
        assert_eq!(square_name(CENTRE.first().unwrap()), "d4");
        assert_eq!(setup_area(Color::White).count(), 24);
        assert_eq!(setup_area(Color::Black).count(), 96);
        // The reference start is one of the setups.
        let start = Breakthru::start();
        assert_eq!(start.escorts() & !setup_area(Color::White), Board121::EMPTY);
        assert_eq!(start.silver() & !setup_area(Color::Black), Board121::EMPTY);
    }

    #[test]
    fn counts_of_setups() {
        assert_eq!(choose(24, 12), 2_704_156);
        assert_eq!(choose(96, 20), 216_182_590_635_135_019_896);
        assert_eq!(choose(3, 5), 0);
        let empty = Breakthru::setup_start();
        assert_eq!(empty.count_setups(), 2_704_156);
        assert_eq!((empty.side_to_move(), empty.to_place()), (Color::White, 12));
    }

    #[test]
    fn a_whole_setup_then_the_game() {
        let empty = Breakthru::setup_start();
        let gold = empty.standard_setup();
        assert_eq!(gold.len(), 12);
        let placed = empty.play_setup(&gold);
        assert_eq!(
            (placed.side_to_move(), placed.to_place()),
            (Color::Black, 20)
        );
        assert_eq!(placed.turn_number(), 2);
        let silver = placed.standard_setup();
        let game = placed.play_setup(&silver);
        assert!(!game.is_setup());
        assert_eq!(game.side_to_move(), Color::White);
        let reference = Breakthru::start();
        assert_eq!(
            (game.escorts(), game.silver(), game.flagship()),
            (
                reference.escorts(),
                reference.silver(),
                reference.flagship()
            )
        );
        assert_eq!(game.turn_number(), 3);
        // Its hash is the game proper's: the setup leaves no trace.
        assert_eq!(game.hash(), reference.hash());
    }

    #[test]
    fn setup_turns_list_every_subset_once() {
        let mut position = Breakthru::setup_start();
        let gold = position.standard_setup();
        position = position.play_setup(&gold[..10]);
        assert_eq!(position.to_place(), 2);
        let turns = position.setup_turns();
        assert_eq!(turns.len() as u128, position.count_setups());
        assert_eq!(turns.len(), 91, "C(14, 2)");
        let mut names: Vec<String> = turns.iter().map(|turn| format!("{turn:?}")).collect();
        names.dedup();
        assert_eq!(names.len(), 91);
    }

    #[test]
    fn changes_stay_legal() {
        let empty = Breakthru::setup_start();
        let mut setup = empty.standard_setup();
        for random in 0..200u64 {
            setup = empty.changed_setup(&setup, random.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let text: Vec<String> = setup.iter().map(Leg::to_string).collect();
            assert_eq!(empty.parse_setup_turn(&text.join(",")), Ok(setup.clone()));
        }
    }
}
