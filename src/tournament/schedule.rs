//! Who plays whom, with which opening and colours: two engines are a match, more a round
//! robin, or a gauntlet of the first against the rest. Each opening is played twice in a
//! row by the same two engines with colours swapped, and pairings take turns, so a run cut
//! short has played every pairing about equally.

/// Two engines that meet; statistics are from `first`'s side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pairing {
    pub first: usize,
    pub second: usize,
}

/// One game to play: who, with which colours and opening, and where it counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScheduledGame {
    /// 1-based, in schedule order; the PGN round.
    pub number: usize,
    pub pairing: usize,
    /// Which of the pairing's colour-swapped pairs this game belongs to.
    pub pair: usize,
    pub white: usize,
    pub black: usize,
    pub opening: usize,
}

pub fn pairings(engines: usize, gauntlet: bool) -> Vec<Pairing> {
    let mut pairings = Vec::new();
    for first in 0..engines {
        for second in first + 1..engines {
            if !gauntlet || first == 0 {
                pairings.push(Pairing { first, second });
            }
        }
    }
    pairings
}

/// `games` games per pairing (even), cycling through `openings` openings.
pub fn jobs(pairings: &[Pairing], games: usize, openings: usize) -> Vec<ScheduledGame> {
    let mut jobs = Vec::new();
    for pair in 0..games / 2 {
        for (index, pairing) in pairings.iter().enumerate() {
            for (white, black) in [
                (pairing.first, pairing.second),
                (pairing.second, pairing.first),
            ] {
                jobs.push(ScheduledGame {
                    number: jobs.len() + 1,
                    pairing: index,
                    pair,
                    white,
                    black,
                    opening: pair % openings.max(1),
                });
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_and_gauntlet() {
        let pairs = |list: Vec<Pairing>| -> Vec<(usize, usize)> {
            list.iter().map(|p| (p.first, p.second)).collect()
        };
        assert_eq!(pairs(pairings(2, false)), vec![(0, 1)]);
        assert_eq!(
            pairs(pairings(4, false)),
            vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        );
        assert_eq!(pairs(pairings(4, true)), vec![(0, 1), (0, 2), (0, 3)]);
    }

    #[test]
    fn openings_are_played_twice_with_colours_swapped() {
        let list = jobs(&pairings(3, false), 4, 3);
        assert_eq!(list.len(), 3 * 4);
        assert_eq!(
            list[0],
            ScheduledGame {
                number: 1,
                pairing: 0,
                pair: 0,
                white: 0,
                black: 1,
                opening: 0
            }
        );
        assert_eq!((list[1].white, list[1].black, list[1].opening), (1, 0, 0));
        assert_eq!((list[2].white, list[2].black, list[2].pairing), (0, 2, 1));
        // The second pair of each pairing uses the next opening.
        assert!(list[6..]
            .iter()
            .all(|job| job.pair == 1 && job.opening == 1));
        // Fewer openings than pairs: they are reused in turn.
        let reused = jobs(&pairings(2, false), 6, 2);
        let openings: Vec<usize> = reused.iter().map(|j| j.opening).collect();
        assert_eq!(openings, vec![0, 0, 1, 1, 0, 0]);
    }
}
