//! The quantised network the engine runs, and its file format.
//!
//! Architecture: `(N -> HIDDEN) x 2 -> 1`. Each perspective's active inputs, of the `N` a
//! game's feature set defines ([`super::accumulator::FeatureSet`]), feed one shared first
//! layer (the accumulator); the two accumulators, the side to move's first, go through a
//! squared clipped ReLU into one output.
//!
//! Quantisation: first-layer weights and biases are scaled by [`QA`] (i16), output weights by
//! [`QB`] (i16, at most 127 in magnitude so that `value * weight` fits an i16), the output
//! bias by `QA * QB` (i32). The output, times [`SCALE`], is in centipawns.
//!
//! A network is either the whole evaluation or, when *residual*, a correction the engine
//! adds to the game's hand-made (linear) evaluation: trained on what that evaluation
//! misses, it keeps the hand-made knowledge (goal distances, races) that a network learns
//! only from far more data.
//!
//! A net is made for one game and one board ([`NetKind`]), named in its header: the engine
//! refuses it for another, and the game decides how many inputs a net for its board has.
//!
//! File format (little-endian): the magic `TRKNNUE2`; the board's columns (u8) and rows
//! (u8); the hidden size (u16); a flags byte (bit 0: residual); three bytes naming the game
//! (zero for Breakthrough, whose nets came before any other game's); then the first-layer
//! weights (`N` rows of `HIDDEN` i16, one row per input), the first-layer biases (`HIDDEN`
//! i16), the output weights (`2 * HIDDEN` i16: side to move's half first), the output bias
//! (i32), and last an FNV-1a 64-bit checksum of everything before it. A file that is cut,
//! altered, or made for another game, board or hidden size is refused with a message saying
//! which.

use super::simd;
use std::fmt;

/// Width of the first layer, per perspective.
pub const HIDDEN: usize = 256;
/// Scale of the first layer's integers: 1.0 is `QA`; activations are clipped to `0..=QA`.
pub const QA: i32 = 255;
/// Scale of the output weights. Trained output weights stay well under 0.5 (at most about
/// 0.4 in the nets trained so far), so 1/256 steps keep them precise within the 127 limit;
/// coarser steps (1/64 at first) cost up to 3% of validation loss to rounding.
pub const QB: i32 = 256;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;

const MAGIC: &[u8; 8] = b"TRKNNUE2";
const HEADER_BYTES: usize = 16;

/// One row of the first layer: the hidden units of one input, or of an accumulator.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

impl Row {
    pub const ZERO: Row = Row([0; HIDDEN]);
}

/// The flags byte's bits.
const RESIDUAL_FLAG: u8 = 1;

/// What a net is made for: a game, by the mark its feature set gives its nets, and a board,
/// by its columns and rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NetKind {
    pub game: [u8; 3],
    pub cols: u8,
    pub rows: u8,
}

impl fmt::Display for NetKind {
    /// The board, as `CxR`: which game it is, the games' registry says
    /// (`crate::games::networks`).
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub kind: NetKind,
    /// Whether the engine adds the output to the linear evaluation.
    pub residual: bool,
    /// One row per input.
    pub weights: Vec<Row>,
    pub biases: Row,
    /// The side to move's half, then the other side's.
    pub output_weights: [Row; 2],
    pub output_bias: i32,
}

impl Network {
    /// A net of `kind` with `inputs` inputs and every weight zero: the shape the trainer
    /// writes its weights into.
    pub fn blank(kind: NetKind, inputs: usize) -> Network {
        Network {
            kind,
            residual: false,
            weights: vec![Row::ZERO; inputs],
            biases: Row::ZERO,
            output_weights: [Row::ZERO; 2],
            output_bias: 0,
        }
    }

    /// The output for the side to move, in centipawns, from the two accumulators.
    #[inline]
    pub fn output(&self, ours: &Row, theirs: &Row) -> i32 {
        let weights = &self.output_weights;
        let sum = simd::dispatch!(output_sum(ours, theirs, weights));
        let scaled = (sum / QA) as i64 + self.output_bias as i64;
        (scaled * SCALE as i64 / (QA * QB) as i64) as i32
    }

    /// The net as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_BYTES + 2 * HIDDEN * (self.weights.len() + 3));
        bytes.extend_from_slice(MAGIC);
        bytes.push(self.kind.cols);
        bytes.push(self.kind.rows);
        bytes.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        bytes.push(if self.residual { RESIDUAL_FLAG } else { 0 });
        bytes.extend_from_slice(&self.kind.game);
        let rows = self
            .weights
            .iter()
            .chain([&self.biases])
            .chain(&self.output_weights);
        for row in rows {
            for value in row.0 {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// Reads a net file, checking everything that can be checked. `inputs` gives the number
    /// of inputs a net of the header's kind has, or says why there is no such net.
    pub fn from_bytes(
        bytes: &[u8],
        inputs: impl FnOnce(NetKind) -> Result<usize, String>,
    ) -> Result<Network, String> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err(if bytes.starts_with(b"TRKNNUE") {
                "a Troyka network file of another version (this engine reads TRKNNUE2)".into()
            } else {
                "not a Troyka network file (it does not start with TRKNNUE2)".into()
            });
        }
        let kind = NetKind {
            game: [bytes[13], bytes[14], bytes[15]],
            cols: bytes[8],
            rows: bytes[9],
        };
        let hidden = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        if hidden != HIDDEN {
            return Err(format!(
                "the network has {hidden} hidden units; this engine runs {HIDDEN}"
            ));
        }
        let flags = bytes[12];
        if flags & !RESIDUAL_FLAG != 0 {
            return Err("bad network header: unknown flags (a newer format?)".into());
        }
        let inputs = inputs(kind).map_err(|e| format!("bad network header: {e}"))?;
        let expected = HEADER_BYTES + 2 * HIDDEN * (inputs + 3) + 4 + 8;
        if bytes.len() != expected {
            return Err(format!(
                "the network file has {} bytes; a network of its kind has {expected}",
                bytes.len()
            ));
        }
        let (body, checksum) = bytes.split_at(expected - 8);
        if fnv1a(body) != u64::from_le_bytes(checksum.try_into().expect("8 bytes")) {
            return Err("the network file is corrupt (its checksum does not match)".into());
        }
        let mut rows = body[HEADER_BYTES..]
            .chunks_exact(2 * HIDDEN)
            .take(inputs + 3)
            .map(|chunk| {
                let mut row = Row::ZERO;
                for (value, pair) in row.0.iter_mut().zip(chunk.chunks_exact(2)) {
                    *value = i16::from_le_bytes([pair[0], pair[1]]);
                }
                row
            });
        let weights: Vec<Row> = rows.by_ref().take(inputs).collect();
        let biases = rows.next().expect("counted");
        let output_weights = [rows.next().expect("counted"), rows.next().expect("counted")];
        if output_weights
            .iter()
            .any(|row| row.0.iter().any(|w| w.unsigned_abs() > 127))
        {
            return Err("the network's output weights are out of range (|w| > 127)".into());
        }
        let tail = &body[body.len() - 4..];
        let output_bias = i32::from_le_bytes(tail.try_into().expect("4 bytes"));
        Ok(Network {
            kind,
            residual: flags & RESIDUAL_FLAG != 0,
            weights,
            biases,
            output_weights,
            output_bias,
        })
    }
}

/// The output layer's sum over both accumulators.
#[inline(always)]
fn output_sum(ours: &Row, theirs: &Row, weights: &[Row; 2]) -> i32 {
    screlu_dot(ours, &weights[0]).wrapping_add(screlu_dot(theirs, &weights[1]))
}

/// `sum(clamp(v, 0, QA)^2 * w)`, as `(v * w) * v` so that the first product stays an i16
/// (|w| <= 127) and the loop vectorises.
#[inline(always)]
fn screlu_dot(values: &Row, weights: &Row) -> i32 {
    let mut sum = 0i32;
    for (&value, &weight) in values.0.iter().zip(&weights.0) {
        let clipped = value.clamp(0, QA as i16);
        sum = sum.wrapping_add((clipped.wrapping_mul(weight)) as i32 * clipped as i32);
    }
    sum
}

/// FNV-1a, 64 bits: enough to catch a damaged file, cheap enough to check at every load.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand_mt::Mt64;

    /// A net's kind for the tests: no game's.
    pub(crate) const TEST_KIND: NetKind = NetKind {
        game: *b"tst",
        cols: 6,
        rows: 6,
    };

    /// A network of `kind` and `inputs` with random weights in the ranges a trained one has.
    pub(crate) fn random_network(kind: NetKind, inputs: usize, seed: u64) -> Network {
        let mut rng = Mt64::new(seed);
        let mut row = |range: i64| {
            let mut row = Row::ZERO;
            for value in &mut row.0 {
                *value = ((rng.next_u64() % (2 * range as u64 + 1)) as i64 - range) as i16;
            }
            row
        };
        Network {
            kind,
            residual: seed % 2 == 1,
            weights: (0..inputs).map(|_| row(120)).collect(),
            biases: row(200),
            output_weights: [row(127), row(127)],
            output_bias: 1234,
        }
    }

    /// The inputs of [`TEST_KIND`]'s nets: 72; no other kind has any.
    fn test_inputs(kind: NetKind) -> Result<usize, String> {
        if kind == TEST_KIND {
            Ok(72)
        } else {
            Err(format!(
                "no network for {}x{} of {:?}",
                kind.cols, kind.rows, kind.game
            ))
        }
    }

    #[test]
    fn files_round_trip_with_their_kind() {
        for seed in [1, 2] {
            let net = random_network(TEST_KIND, 72, seed);
            assert_eq!(Network::from_bytes(&net.to_bytes(), test_inputs), Ok(net));
        }
        // The kind is read from the header and handed to the game's count of inputs.
        let net = random_network(
            NetKind {
                game: *b"abc",
                cols: 3,
                rows: 9,
            },
            5,
            1,
        );
        let mut asked = None;
        let read = Network::from_bytes(&net.to_bytes(), |kind| {
            asked = Some(kind);
            Ok(5)
        });
        assert_eq!(read, Ok(net.clone()));
        assert_eq!(asked, Some(net.kind));
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let net = random_network(TEST_KIND, 72, 2);
        let bytes = net.to_bytes();
        let error = |bytes: &[u8]| Network::from_bytes(bytes, test_inputs).unwrap_err();
        assert!(error(b"hello").starts_with("not a Troyka network file"));
        assert_eq!(
            error(&bytes[..bytes.len() - 1]),
            format!(
                "the network file has {} bytes; a network of its kind has {}",
                bytes.len() - 1,
                bytes.len()
            )
        );
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(
            error(&flipped),
            "the network file is corrupt (its checksum does not match)"
        );
        let mut other_hidden = bytes.clone();
        other_hidden[10] = 128;
        other_hidden[11] = 0;
        assert_eq!(
            error(&other_hidden),
            "the network has 128 hidden units; this engine runs 256"
        );
        let mut wide = net.clone();
        wide.output_weights[1].0[3] = 128;
        assert!(error(&wide.to_bytes()).contains("out of range"));
        let mut bad_size = bytes.clone();
        bad_size[9] = 40;
        assert_eq!(
            error(&bad_size),
            "bad network header: no network for 6x40 of [116, 115, 116]"
        );
        let mut other_game = bytes.clone();
        other_game[15] = b'x';
        assert!(error(&other_game).starts_with("bad network header: no network"));
        let mut unknown_flag = bytes.clone();
        unknown_flag[12] |= 4;
        assert!(error(&unknown_flag).starts_with("bad network header: unknown flags"));
        let mut old = bytes.clone();
        old[7] = b'1';
        assert!(error(&old).starts_with("a Troyka network file of another version"));
    }

    #[test]
    fn output_is_the_quantised_formula() {
        let mut net = random_network(TEST_KIND, 72, 3);
        net.output_weights = [Row([0; HIDDEN]), Row([0; HIDDEN])];
        net.output_weights[0].0[0] = (QB / 4) as i16;
        net.output_weights[1].0[1] = (-QB / 8) as i16;
        net.output_bias = 0;
        let mut ours = Row::ZERO;
        let mut theirs = Row::ZERO;
        // Full activation (clipped at QA) times weight 1/4 is 1/4 of SCALE centipawns.
        ours.0[0] = 1000;
        assert_eq!(net.output(&ours, &theirs), SCALE / 4);
        // Half activation squared is a quarter; times -1/8 is -1/32.
        theirs.0[1] = 127;
        let expected = SCALE as f64 * (0.25 - 0.125 * (127.0f64 / 255.0).powi(2));
        assert!((net.output(&ours, &theirs) as f64 - expected).abs() <= 1.0);
        // Negative activations are clipped to zero.
        theirs.0[1] = -500;
        assert_eq!(net.output(&ours, &theirs), SCALE / 4);
    }
}
