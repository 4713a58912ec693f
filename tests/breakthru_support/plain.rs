//! Breakthru's rules written the plain way, from the reference alone, to cross-check the
//! engine's: an array of 121 cells, loops over squares and directions, no bitboards, no
//! half-turn state. A turn is a list of legs `(from, to)`; all the legal ordered pairs of
//! slides are listed first, and a pair whose reverse is also listed is kept in canonical
//! order only (the leg with the lower from-square first).

use rand_mt::Mt64;
use std::collections::HashSet;

pub const SIDE: usize = 11;
pub const SQUARES: usize = SIDE * SIDE;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Flagship,
    Escort,
    Silver,
}

pub type Leg = (usize, usize);

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Plain {
    pub cells: [Cell; SQUARES],
    pub gold_to_move: bool,
    pub quiet_turns: u32,
    pub turn: u32,
}

/// `a1` .. `k11`.
pub fn name(square: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (square % SIDE) as u8) as char,
        square / SIDE + 1
    )
}

/// A turn's text: legs joined by commas.
pub fn turn_text(legs: &[Leg]) -> String {
    let names: Vec<String> = legs
        .iter()
        .map(|&(from, to)| name(from) + &name(to))
        .collect();
    names.join(",")
}

/// The square `(file + df, rank + dr)`, if it is on the board.
fn offset(square: usize, df: i32, dr: i32) -> Option<usize> {
    let file = (square % SIDE) as i32 + df;
    let rank = (square / SIDE) as i32 + dr;
    let on = |x: i32| (0..SIDE as i32).contains(&x);
    (on(file) && on(rank)).then(|| rank as usize * SIDE + file as usize)
}

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Plain {
    pub fn empty_board(gold_to_move: bool) -> Plain {
        Plain {
            cells: [Cell::Empty; SQUARES],
            gold_to_move,
            quiet_turns: 0,
            turn: 1,
        }
    }

    fn is_gold(cell: Cell) -> bool {
        cell == Cell::Flagship || cell == Cell::Escort
    }

    fn mine(&self, square: usize) -> bool {
        let cell = self.cells[square];
        cell != Cell::Empty && Plain::is_gold(cell) == self.gold_to_move
    }

    fn enemy(&self, square: usize) -> bool {
        let cell = self.cells[square];
        cell != Cell::Empty && Plain::is_gold(cell) != self.gold_to_move
    }

    pub fn count(&self, cell: Cell) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }

    fn flagship(&self) -> Option<usize> {
        (0..SQUARES).find(|&square| self.cells[square] == Cell::Flagship)
    }

    /// Rook slides from `from` over empty squares.
    pub fn slides(&self, from: usize) -> Vec<usize> {
        let mut targets = Vec::new();
        for (df, dr) in ORTHOGONAL {
            let mut square = from;
            while let Some(next) = offset(square, df, dr) {
                if self.cells[next] != Cell::Empty {
                    break;
                }
                targets.push(next);
                square = next;
            }
        }
        targets
    }

    /// Diagonal steps onto an enemy piece.
    fn captures(&self, from: usize) -> Vec<usize> {
        DIAGONAL
            .iter()
            .filter_map(|&(df, dr)| offset(from, df, dr))
            .filter(|&to| self.enemy(to))
            .collect()
    }

    /// The result, as `gold`, `silver` or `draw`, once the game is over; `turns` are the
    /// position's turns, as [`Plain::turns`] lists them.
    pub fn outcome(&self, turns: &[Vec<Leg>]) -> Option<&'static str> {
        match self.flagship() {
            None => Some("silver"),
            Some(square) if on_edge(square) => Some("gold"),
            Some(_) if self.quiet_turns >= 100 => Some("draw"),
            Some(_) if turns.is_empty() => Some(if self.gold_to_move { "silver" } else { "gold" }),
            Some(_) => None,
        }
    }

    /// The board after one leg, the side to move unchanged.
    pub fn moved(&self, (from, to): Leg) -> Plain {
        let mut next = self.clone();
        next.cells[to] = next.cells[from];
        next.cells[from] = Cell::Empty;
        next
    }

    /// The slides a second leg may make after a first slide that ended on `moved`.
    pub fn second_slides(&self, moved: usize) -> Vec<Leg> {
        let mut legs = Vec::new();
        for from in 0..SQUARES {
            if self.mine(from) && self.cells[from] != Cell::Flagship && from != moved {
                legs.extend(self.slides(from).into_iter().map(|to| (from, to)));
            }
        }
        legs
    }

    /// Every capture and slide of the side to move: the legs that may begin its turn while
    /// the game goes on.
    pub fn first_legs(&self) -> Vec<Leg> {
        let mut legs = Vec::new();
        for from in (0..SQUARES).filter(|&from| self.mine(from)) {
            let targets = self.captures(from).into_iter().chain(self.slides(from));
            legs.extend(targets.map(|to| (from, to)));
        }
        legs
    }

    /// Every legal turn, from the start of a turn.
    pub fn turns(&self) -> Vec<Vec<Leg>> {
        if self.flagship().is_none_or(on_edge) || self.quiet_turns >= 100 {
            return Vec::new();
        }
        let mut singles = Vec::new();
        let mut pairs = Vec::new();
        for from in 0..SQUARES {
            if !self.mine(from) {
                continue;
            }
            for to in self.captures(from) {
                singles.push(vec![(from, to)]);
            }
            for to in self.slides(from) {
                if self.cells[from] == Cell::Flagship {
                    singles.push(vec![(from, to)]);
                    continue;
                }
                let seconds = self.moved((from, to)).second_slides(to);
                if seconds.is_empty() {
                    singles.push(vec![(from, to)]);
                }
                pairs.extend(seconds.into_iter().map(|second| ((from, to), second)));
            }
        }
        let listed: HashSet<(Leg, Leg)> = pairs.iter().copied().collect();
        let doubles = pairs
            .into_iter()
            .filter(|&(first, second)| !(second.0 < first.0 && listed.contains(&(second, first))))
            .map(|(first, second)| vec![first, second]);
        singles.into_iter().chain(doubles).collect()
    }

    /// The position after a whole turn.
    pub fn play(&self, legs: &[Leg]) -> Plain {
        let mut next = self.clone();
        let mut capture = false;
        for &(from, to) in legs {
            capture |= next.enemy(to);
            next = next.moved((from, to));
        }
        next.gold_to_move = !self.gold_to_move;
        next.quiet_turns = if capture { 0 } else { self.quiet_turns + 1 };
        next.turn = self.turn + 1;
        next
    }

    /// The position string, written here from the reference's description.
    pub fn fen(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..SIDE).rev() {
            let mut text = String::new();
            let mut run = 0;
            for file in 0..SIDE {
                let letter = match self.cells[rank * SIDE + file] {
                    Cell::Empty => {
                        run += 1;
                        continue;
                    }
                    Cell::Flagship => 'F',
                    Cell::Escort => 'E',
                    Cell::Silver => 's',
                };
                if run > 0 {
                    text += &run.to_string();
                    run = 0;
                }
                text.push(letter);
            }
            if run > 0 {
                text += &run.to_string();
            }
            ranks.push(text);
        }
        let side = if self.gold_to_move { "g" } else { "s" };
        format!(
            "{} {side} {} {}",
            ranks.join("/"),
            self.quiet_turns,
            self.turn
        )
    }

    /// A random position: any number of pieces within the limits, often few, the flagship
    /// sometimes gone or on the edge and sometimes hemmed in, counters near the draw at
    /// times.
    pub fn random(rng: &mut Mt64) -> Plain {
        let mut plain = Plain::empty_board(below(rng, 2) == 0);
        let mut free: Vec<usize> = (0..SQUARES).collect();
        let flagship = match below(rng, 20) {
            0 => None,
            1 | 2 => Some(pick(rng, &mut free, on_edge)),
            _ => Some(pick(rng, &mut free, |square| !on_edge(square))),
        };
        if let Some(square) = flagship {
            plain.cells[square] = Cell::Flagship;
            // Now and then ships crowd around it: captures of it, a boxed flagship.
            if below(rng, 3) == 0 {
                for (df, dr) in ORTHOGONAL.iter().chain(&DIAGONAL) {
                    let Some(next) = offset(square, *df, *dr) else {
                        continue;
                    };
                    if below(rng, 3) != 0 && free.contains(&next) {
                        free.retain(|&s| s != next);
                        plain.cells[next] = if below(rng, 4) == 0 {
                            Cell::Escort
                        } else {
                            Cell::Silver
                        };
                    }
                }
            }
        }
        let few = below(rng, 3) == 0;
        let (escorts, silver) = if few {
            (below(rng, 3), below(rng, 4))
        } else {
            (below(rng, 13), below(rng, 21))
        };
        for (cell, wanted) in [(Cell::Escort, escorts), (Cell::Silver, silver)] {
            while plain.count(cell) < wanted {
                plain.cells[pick(rng, &mut free, |_| true)] = cell;
            }
        }
        plain.quiet_turns = [0, 3, 98, 99, 100][below(rng, 5)];
        plain.turn = 1 + below(rng, 300) as u32;
        plain
    }
}

/// Whether a square is on rank 1 or 11 or file a or k.
pub fn on_edge(square: usize) -> bool {
    let (file, rank) = (square % SIDE, square / SIDE);
    file == 0 || rank == 0 || file == SIDE - 1 || rank == SIDE - 1
}

/// A random number below `n`.
pub fn below(rng: &mut Mt64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Takes a random square of `free` that passes `wanted` out of it.
fn pick(rng: &mut Mt64, free: &mut Vec<usize>, wanted: impl Fn(usize) -> bool) -> usize {
    loop {
        let index = below(rng, free.len());
        if wanted(free[index]) {
            return free.swap_remove(index);
        }
    }
}
