//! The network in floating point, as the trainer fits it: the same architecture as the
//! engine's quantised [`Network`], its loss, the gradients of the loss (written by hand:
//! the first layer is sparse, which a dense tensor library cannot exploit; they are checked
//! against finite differences in the tests), Adam, and quantisation.

use super::example::{Example, Inputs};
use crate::nnue::network::{Network, Row, HIDDEN, QA, QB, SCALE};
use rand_mt::Mt64;

/// Weights are kept within this range so that they quantise without overflow
/// (`127 / QB` for the output weights).
const OUTPUT_WEIGHT_LIMIT: f32 = 127.0 / QB as f32;
const FIRST_LAYER_LIMIT: f32 = 1.98;

/// All parameters in one flat vector: the first-layer weights (input-major, one row of
/// [`HIDDEN`] per input), its biases, the output weights (side to move's half first), and
/// the output bias. Gradients and Adam's moments have the same layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The inputs of one perspective: the first layer's rows.
    pub inputs: usize,
    /// Whether the output is added to the linear evaluation (see [`Network::residual`]).
    pub residual: bool,
    pub params: Vec<f32>,
}

/// What the loss compares the network with.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Centipawns per unit of logit: a score of `k` is a 73% chance to win.
    pub k: f32,
    /// The weight of the search score against the game's result (1: score only).
    pub lambda: f32,
}

impl Target {
    /// The expected result the network should predict.
    pub fn of(&self, example: &Example) -> f32 {
        self.lambda * sigmoid(example.score / self.k) + (1.0 - self.lambda) * example.result
    }
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Offsets into [`Model::params`].
struct Layout {
    biases: usize,
    output_weights: usize,
    output_bias: usize,
    len: usize,
}

fn layout(inputs: usize) -> Layout {
    let biases = inputs * HIDDEN;
    let output_weights = biases + HIDDEN;
    let output_bias = output_weights + 2 * HIDDEN;
    Layout {
        biases,
        output_weights,
        output_bias,
        len: output_bias + 1,
    }
}

/// The first layer's output for one perspective, and its squared clipped ReLU.
struct Hidden {
    sums: [f32; HIDDEN],
    activations: [f32; HIDDEN],
}

impl Model {
    /// A model of `inputs` inputs per perspective: small random weights (uniform, scaled by
    /// the fan-in), zero biases.
    pub fn random(inputs: usize, seed: u64) -> Model {
        let at = layout(inputs);
        let mut rng = Mt64::new(seed);
        let mut uniform = |limit: f32| {
            let unit = (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32;
            (2.0 * unit - 1.0) * limit
        };
        let mut params = vec![0.0; at.len];
        let first = 1.0 / (inputs as f32).sqrt();
        let second = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for (index, value) in params.iter_mut().enumerate() {
            if index < at.biases {
                *value = uniform(first);
            } else if (at.output_weights..at.output_bias).contains(&index) {
                *value = uniform(second);
            }
        }
        Model {
            inputs,
            residual: false,
            params,
        }
    }

    pub fn zero_like(&self) -> Vec<f32> {
        vec![0.0; self.params.len()]
    }

    fn hidden(&self, inputs: &Inputs) -> Hidden {
        let at = layout(self.inputs);
        let mut sums = [0.0; HIDDEN];
        sums.copy_from_slice(&self.params[at.biases..at.biases + HIDDEN]);
        for input in inputs.iter() {
            let row = &self.params[input * HIDDEN..(input + 1) * HIDDEN];
            for (sum, weight) in sums.iter_mut().zip(row) {
                *sum += weight;
            }
        }
        let mut activations = [0.0; HIDDEN];
        for (activation, sum) in activations.iter_mut().zip(&sums) {
            let clipped = sum.clamp(0.0, 1.0);
            *activation = clipped * clipped;
        }
        Hidden { sums, activations }
    }

    /// The evaluation of an example, in units of [`SCALE`] centipawns: the network's output,
    /// plus the example's linear evaluation for a residual model.
    pub fn output(&self, example: &Example) -> f32 {
        let at = layout(self.inputs);
        let weights = &self.params[at.output_weights..at.output_bias];
        let mut out = self.params[at.output_bias] + example.base / SCALE as f32;
        for (half, inputs) in example.inputs.iter().enumerate() {
            let hidden = self.hidden(inputs);
            let half_weights = &weights[half * HIDDEN..(half + 1) * HIDDEN];
            out += dot(&hidden.activations, half_weights);
        }
        out
    }

    /// The output in centipawns.
    pub fn centipawns(&self, example: &Example) -> f32 {
        self.output(example) * SCALE as f32
    }

    /// The example's loss, `(sigmoid(cp / k) - target)^2`.
    pub fn loss(&self, example: &Example, target: Target) -> f32 {
        let error = sigmoid(self.centipawns(example) / target.k) - target.of(example);
        error * error
    }

    /// Adds the gradient of the example's loss to `gradients`; returns the loss.
    pub fn backprop(&self, example: &Example, target: Target, gradients: &mut [f32]) -> f32 {
        let at = layout(self.inputs);
        let hidden = [
            self.hidden(&example.inputs[0]),
            self.hidden(&example.inputs[1]),
        ];
        let weights = &self.params[at.output_weights..at.output_bias];
        let out = self.params[at.output_bias]
            + example.base / SCALE as f32
            + dot(&hidden[0].activations, &weights[..HIDDEN])
            + dot(&hidden[1].activations, &weights[HIDDEN..]);
        let predicted = sigmoid(out * SCALE as f32 / target.k);
        let error = predicted - target.of(example);
        // d loss / d out.
        let d_out = 2.0 * error * predicted * (1.0 - predicted) * SCALE as f32 / target.k;
        gradients[at.output_bias] += d_out;
        for (half, state) in hidden.iter().enumerate() {
            let offset = half * HIDDEN;
            let mut d_sums = [0.0; HIDDEN];
            for i in 0..HIDDEN {
                gradients[at.output_weights + offset + i] += d_out * state.activations[i];
                let sum = state.sums[i];
                // d (clamp(x,0,1)^2) / dx is 2x inside the clip and 0 outside.
                if sum > 0.0 && sum < 1.0 {
                    d_sums[i] = d_out * weights[offset + i] * 2.0 * sum;
                }
            }
            add(&mut gradients[at.biases..at.biases + HIDDEN], &d_sums);
            for input in example.inputs[half].iter() {
                add(
                    &mut gradients[input * HIDDEN..(input + 1) * HIDDEN],
                    &d_sums,
                );
            }
        }
        error * error
    }

    /// Keeps the weights where they quantise exactly.
    pub fn clip(&mut self) {
        let at = layout(self.inputs);
        for (index, value) in self.params.iter_mut().enumerate() {
            let limit = if (at.output_weights..at.output_bias).contains(&index) {
                OUTPUT_WEIGHT_LIMIT
            } else if index < at.output_weights {
                FIRST_LAYER_LIMIT
            } else {
                continue;
            };
            *value = value.clamp(-limit, limit);
        }
    }

    /// The float model an integer network stands for: training can go on from a net file.
    pub fn from_network(net: &Network) -> Model {
        let rows = net.weights.iter().chain([&net.biases]);
        let mut params: Vec<f32> = rows
            .flat_map(|row| row.0.iter().map(|&q| q as f32 / QA as f32))
            .collect();
        for row in &net.output_weights {
            params.extend(row.0.iter().map(|&q| q as f32 / QB as f32));
        }
        params.push(net.output_bias as f32 / (QA * QB) as f32);
        Model {
            inputs: net.weights.len(),
            residual: net.residual,
            params,
        }
    }

    /// The engine's integer network, of `blank`'s board and shape (the game's
    /// [`blank_network`](crate::game::TrainableEval::blank_network)).
    pub fn quantize(&self, blank: &Network) -> Network {
        assert_eq!(
            blank.weights.len(),
            self.inputs,
            "a network of the model's shape"
        );
        let at = layout(self.inputs);
        let row = |values: &[f32], scale: i32, limit: i32| {
            let mut row = Row::ZERO;
            for (q, &v) in row.0.iter_mut().zip(values) {
                *q = (v * scale as f32)
                    .round()
                    .clamp(-limit as f32, limit as f32) as i16;
            }
            row
        };
        let first = |start: usize| row(&self.params[start..start + HIDDEN], QA, i16::MAX as i32);
        Network {
            kind: blank.kind,
            residual: self.residual,
            weights: (0..self.inputs)
                .map(|input| first(input * HIDDEN))
                .collect(),
            biases: first(at.biases),
            output_weights: [
                row(&self.params[at.output_weights..][..HIDDEN], QB, 127),
                row(
                    &self.params[at.output_weights + HIDDEN..][..HIDDEN],
                    QB,
                    127,
                ),
            ],
            output_bias: (self.params[at.output_bias] * (QA * QB) as f32).round() as i32,
        }
    }
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn add(into: &mut [f32], values: &[f32]) {
    for (target, value) in into.iter_mut().zip(values) {
        *target += value;
    }
}

/// Adam's state: the moving averages of the gradient and of its square.
pub struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;

    pub fn new(model: &Model) -> Adam {
        Adam {
            first: model.zero_like(),
            second: model.zero_like(),
            steps: 0,
        }
    }

    /// One step down `gradients` (the mean over a batch) at `rate`.
    pub fn step(&mut self, model: &mut Model, gradients: &[f32], rate: f32) {
        self.steps += 1;
        let correction1 = 1.0 - Self::BETA1.powi(self.steps);
        let correction2 = 1.0 - Self::BETA2.powi(self.steps);
        let moments = self.first.iter_mut().zip(self.second.iter_mut());
        for ((param, &gradient), (m, v)) in model.params.iter_mut().zip(gradients).zip(moments) {
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * gradient;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * gradient * gradient;
            *param -= rate * (*m / correction1) / ((*v / correction2).sqrt() + 1e-8);
        }
        model.clip();
    }
}

#[cfg(test)]
mod tests {
    use super::super::example::decode;
    use super::*;
    use crate::datagen::record::{encode, Sample};
    use crate::game::{Color, GameResult, TrainableEval};
    use crate::games::breakthrough::inputs::{accumulator, net_size};
    use crate::games::breakthrough::{BoardSize, Breakthrough};
    use crate::games::networks;
    use crate::with_position;

    /// A random model for Breakthrough on `size`.
    fn random(size: BoardSize, seed: u64) -> Model {
        Model::random(Breakthrough::blank_network(size).weights.len(), seed)
    }

    /// Positions along random games, each with its example (random labels).
    fn samples(size: BoardSize, count: usize, seed: u64) -> Vec<(Breakthrough, Example)> {
        let mut rng = Mt64::new(seed);
        let mut game = Breakthrough::start(size);
        let mut samples = Vec::new();
        while samples.len() < count {
            let moves = game.legal_moves();
            if moves.is_empty() {
                game = Breakthrough::start(size);
                continue;
            }
            game = game.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            let mut bytes = Vec::new();
            let score = (rng.next_u64() % 600) as i16 - 300;
            encode(
                &Sample {
                    game,
                    score,
                    result: GameResult::Win(if rng.next_u64().is_multiple_of(2) {
                        Color::White
                    } else {
                        Color::Black
                    }),
                    best_captures: false,
                },
                &mut bytes,
            );
            samples.push((game, decode::<Breakthrough>(size, &bytes, false)));
        }
        samples
    }

    fn examples(size: &str, count: usize, seed: u64) -> Vec<Example> {
        let samples = samples(size.parse().unwrap(), count, seed);
        samples.into_iter().map(|(_, example)| example).collect()
    }

    /// The engine's integer output for `game`.
    fn integer_output(net: &Network, game: &Breakthrough) -> f32 {
        with_position!(game, p => accumulator(net, p).evaluate(net, p.side_to_move())) as f32
    }

    #[test]
    fn gradients_match_finite_differences() {
        let mut model = random("5x5".parse().unwrap(), 7);
        // Biases that put some hidden units inside the clip and some outside.
        let at = layout(model.inputs);
        for i in 0..HIDDEN {
            model.params[at.biases + i] = (i % 7) as f32 * 0.2 - 0.3;
        }
        model.params[at.output_bias] = 0.1;
        let target = Target {
            k: 200.0,
            lambda: 0.7,
        };
        let batch = examples("5x5", 4, 3);
        let mut analytic = model.zero_like();
        for example in &batch {
            model.backprop(example, target, &mut analytic);
        }
        let total =
            |model: &Model| -> f64 { batch.iter().map(|e| model.loss(e, target) as f64).sum() };
        // A sample of parameters of every kind: active first-layer weights, biases,
        // output weights of both halves, the output bias.
        let first_input = batch[0].inputs[0].iter().next().unwrap();
        let mut checked = 0;
        let candidates = (first_input * HIDDEN..first_input * HIDDEN + 40)
            .chain(at.biases..at.biases + 40)
            .chain((at.output_weights..at.output_bias).step_by(9))
            .chain([at.output_bias]);
        for index in candidates {
            let h = 1e-3;
            let mut plus = model.clone();
            plus.params[index] += h;
            let mut minus = model.clone();
            minus.params[index] -= h;
            let numeric = (total(&plus) - total(&minus)) / (2.0 * h as f64);
            let exact = analytic[index] as f64;
            let tolerance = 1e-3 + 2e-2 * numeric.abs().max(exact.abs());
            assert!(
                (numeric - exact).abs() <= tolerance,
                "parameter {index}: numeric {numeric}, analytic {exact}"
            );
            checked += (exact.abs() > 1e-6) as usize;
        }
        assert!(
            checked > 40,
            "only {checked} non-zero gradients were checked"
        );
    }

    #[test]
    fn training_lowers_the_loss() {
        let mut model = random("6x6".parse().unwrap(), 1);
        let target = Target {
            k: 200.0,
            lambda: 1.0,
        };
        let batch = examples("6x6", 64, 2);
        let loss = |model: &Model| batch.iter().map(|e| model.loss(e, target)).sum::<f32>();
        let before = loss(&model);
        let mut adam = Adam::new(&model);
        for _ in 0..100 {
            let mut gradients = model.zero_like();
            for example in &batch {
                model.backprop(example, target, &mut gradients);
            }
            gradients.iter_mut().for_each(|g| *g /= batch.len() as f32);
            adam.step(&mut model, &gradients, 0.01);
        }
        assert!(loss(&model) < 0.5 * before, "{before} -> {}", loss(&model));
    }

    /// The engine's integer network computes exactly what its float model does, and that
    /// is within the rounding of quantisation of the model it was made from.
    #[test]
    fn quantised_inference_agrees_with_the_float_model() {
        let size: BoardSize = "8x8".parse().unwrap();
        let blank = Breakthrough::blank_network(size);
        let mut model = Model::random(blank.weights.len(), 5);
        let at = layout(model.inputs);
        // Output weights and biases of a trained net's size (a random one's are smaller).
        for (i, w) in model.params[at.output_weights..at.output_bias]
            .iter_mut()
            .enumerate()
        {
            *w *= 3.0 * if i % 2 == 0 { 1.0 } else { -1.0 };
        }
        for i in 0..HIDDEN {
            model.params[at.biases + i] = (i % 5) as f32 * 0.1;
        }
        model.params[at.output_bias] = 0.05;
        model.clip();
        let net = model.quantize(&blank);
        assert_eq!(net.kind, blank.kind);
        let rounded = Model::from_network(&net);
        assert_eq!(Model::from_network(&rounded.quantize(&blank)), rounded);
        // Rounding the weights to 1/QA and 1/QB costs a few centipawns (the trainer reports
        // what it costs a trained net).
        let (mut squared_error, mut positions) = (0.0, 0);
        for (game, example) in samples(size, 200, 9) {
            let integer = integer_output(&net, &game);
            // Integer arithmetic only truncates the last divisions.
            let exact = rounded.centipawns(&example);
            assert!((exact - integer).abs() <= 1.5, "{exact} vs {integer}");
            squared_error += (model.centipawns(&example) - integer).powi(2);
            positions += 1;
        }
        let rms = (squared_error / positions as f32).sqrt();
        assert!(rms <= 10.0, "{rms} cp");
    }

    /// The shipped networks compute in the engine what their float models compute in the
    /// trainer, on positions of every phase of random games.
    #[test]
    fn shipped_networks_agree_with_their_float_models() {
        for kind in networks::built_in_kinds() {
            let Some(size) = net_size(kind) else { continue };
            let net = networks::built_in(kind).expect("listed");
            let model = Model::from_network(net);
            for (game, example) in samples(size, 300, 4) {
                let (float, integer) = (model.centipawns(&example), integer_output(net, &game));
                assert!(
                    (float - integer).abs() <= 1.5,
                    "{size}: {float} vs {integer}"
                );
            }
        }
    }
}
