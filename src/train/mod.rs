//! `troyka train`: fits a network ([`crate::nnue`]) to self-play data
//! ([`crate::datagen`]) on the CPU and writes the quantised net file the engine loads. The
//! game gives the network's shape and reads its inputs from the records
//! ([`TrainableEval`]); everything else here is the same for every game.
//!
//! The loss is the squared error between the network's predicted result,
//! `sigmoid(cp / k)`, and a blend of the search score's (`sigmoid(score / k)`, weight
//! `lambda`) and the game's result. `k` is fitted to the data unless given. Training is
//! mini-batch Adam with a cosine-decaying rate; each batch is split over the threads, whose
//! gradients are summed in a fixed order, so a run is reproducible from its seed and thread
//! count. In a game whose positions have a mirror image as good as themselves (a left-right
//! mirror, say), every example is seen mirrored half of the time.

mod dataset;
mod example;
mod model;

use crate::game::TrainableEval;
use dataset::Records;
use model::{Adam, Model, Target};
use std::path::PathBuf;
use std::time::Instant;

pub struct TrainSettings {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub epochs: usize,
    pub batch: usize,
    pub rate: f32,
    /// The rate at the end of the cosine decay, as a fraction of `rate`.
    pub final_rate: f32,
    pub lambda: f32,
    /// Centipawns per logit; `None` fits it to the data.
    pub k: Option<f32>,
    pub seed: u64,
    pub threads: usize,
    pub validation_permille: u64,
    /// Train on positions whose best move was a capture too.
    pub keep_captures: bool,
    /// Train a residual network: one whose output the engine adds to the linear evaluation.
    pub residual: bool,
    /// A net to start from instead of random weights.
    pub init: Option<PathBuf>,
}

impl TrainSettings {
    pub fn new(data: Vec<PathBuf>, out: PathBuf) -> TrainSettings {
        TrainSettings {
            data,
            out,
            epochs: 30,
            batch: 16384,
            rate: 0.001,
            final_rate: 0.02,
            lambda: 0.75,
            k: None,
            seed: 1,
            threads: 1,
            validation_permille: 20,
            keep_captures: false,
            residual: false,
            init: None,
        }
    }
}

/// Trains and writes the net for `G`'s data (after every epoch, so an interrupted run
/// leaves one).
pub fn train<G: TrainableEval>(
    settings: &TrainSettings,
    log: &mut dyn FnMut(&str),
) -> Result<(), String> {
    let started = Instant::now();
    let data = dataset::load::<G>(
        &settings.data,
        settings.validation_permille,
        settings.keep_captures,
        settings.residual,
    )?;
    let (training, validation) = (&data.training, &data.validation);
    if training.is_empty() {
        return Err("the data files hold no positions".into());
    }
    let k = settings.k.unwrap_or_else(|| fit_k(training));
    log(&format!(
        "train {}: {} positions for training, {} for validation, {} duplicates and {} \
         captures left out; k = {k:.0}, lambda = {}{}; loaded in {:.1} s",
        training.board,
        training.len(),
        validation.len(),
        data.duplicates,
        data.captures,
        settings.lambda,
        if settings.residual {
            ", residual (added to the linear evaluation)"
        } else {
            ""
        },
        started.elapsed().as_secs_f64()
    ));
    let target = Target {
        k,
        lambda: settings.lambda,
    };
    // The net the engine runs on this board: its shape, which the model takes, and the
    // board it names.
    let blank = G::blank_network(training.board);
    let mut model = match &settings.init {
        None => Model {
            residual: settings.residual,
            ..Model::random(blank.weights.len(), settings.seed)
        },
        Some(path) => {
            let net = crate::games::networks::read(path)?;
            if net.kind != blank.kind {
                return Err(format!(
                    "{} is a {} network; the data is {}",
                    path.display(),
                    crate::games::networks::describe(net.kind),
                    training.board
                ));
            }
            if net.residual != settings.residual {
                return Err(format!(
                    "{} is {}a residual network; train it {} --residual yes",
                    path.display(),
                    if net.residual { "" } else { "not " },
                    if net.residual { "with" } else { "without" }
                ));
            }
            Model::from_network(&net)
        }
    };
    let mut adam = Adam::new(&model);
    let threads = settings.threads.max(1);
    let mut gradients: Vec<Vec<f32>> = (0..threads).map(|_| model.zero_like()).collect();
    let batch = settings.batch.max(1);
    let batches_per_epoch = training.len().div_ceil(batch);
    let total_batches = (batches_per_epoch * settings.epochs).max(1);
    let mut order: Vec<u32> = (0..training.len() as u32).collect();
    let mut rng = rand_mt::Mt64::new(settings.seed);
    for epoch in 0..settings.epochs {
        let epoch_started = Instant::now();
        shuffle(&mut order, &mut rng);
        let mut loss_sum = 0.0;
        for (number, indices) in order.chunks(batch).enumerate() {
            let progress = (epoch * batches_per_epoch + number) as f32 / total_batches as f32;
            let decay = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
            let rate = settings.rate * (settings.final_rate + (1.0 - settings.final_rate) * decay);
            loss_sum += batch_gradients(&model, training, indices, epoch, target, &mut gradients);
            let (sum, rest) = gradients.split_first_mut().expect("one thread at least");
            for other in rest {
                for (total, value) in sum.iter_mut().zip(other.iter()) {
                    *total += value;
                }
            }
            let scale = 1.0 / indices.len() as f32;
            sum.iter_mut().for_each(|g| *g *= scale);
            adam.step(&mut model, sum, rate);
        }
        let seconds = epoch_started.elapsed().as_secs_f64();
        let net = model.quantize(&blank);
        let shown = |loss: Option<f64>| loss.map_or("-".into(), |l| format!("{l:.6}"));
        let validation_loss = mean_loss(&model, validation, target, threads);
        let quantised_loss = mean_loss(&Model::from_network(&net), validation, target, threads);
        std::fs::write(&settings.out, net.to_bytes())
            .map_err(|e| format!("{}: {e}", settings.out.display()))?;
        log(&format!(
            "epoch {}/{}: training loss {:.6}, validation loss {} (quantised {}), \
             {:.0} positions/s, {:.1} s",
            epoch + 1,
            settings.epochs,
            loss_sum / training.len() as f64,
            shown(validation_loss),
            shown(quantised_loss),
            training.len() as f64 / seconds,
            seconds
        ));
    }
    log(&format!(
        "wrote {} after {:.0} s",
        settings.out.display(),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// The summed loss of one batch; each thread's gradient sum is left in its own buffer.
fn batch_gradients<G: TrainableEval>(
    model: &Model,
    records: &Records<G>,
    indices: &[u32],
    epoch: usize,
    target: Target,
    gradients: &mut [Vec<f32>],
) -> f64 {
    let chunk = indices.len().div_ceil(gradients.len());
    std::thread::scope(|scope| {
        let workers: Vec<_> = gradients
            .iter_mut()
            .zip(indices.chunks(chunk.max(1)))
            .map(|(buffer, part)| {
                buffer.iter_mut().for_each(|g| *g = 0.0);
                scope.spawn(move || {
                    part.iter()
                        .map(|&index| {
                            let example = records.example(index as usize, mirrors(index, epoch));
                            model.backprop(&example, target, buffer) as f64
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or(0.0)).sum()
    })
}

/// Whether example `index` is seen mirrored in `epoch`: half of them, a different half
/// each epoch, decided by a hash so that it does not depend on threads or order.
fn mirrors(index: u32, epoch: usize) -> bool {
    let mixed = (index as u64 ^ (epoch as u64) << 32).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    mixed >> 63 == 1
}

/// The mean loss over `records`, `None` when there are none.
fn mean_loss<G: TrainableEval>(
    model: &Model,
    records: &Records<G>,
    target: Target,
    threads: usize,
) -> Option<f64> {
    if records.is_empty() {
        return None;
    }
    let indices: Vec<usize> = (0..records.len()).collect();
    let chunk = indices.len().div_ceil(threads);
    let total: f64 = std::thread::scope(|scope| {
        let workers: Vec<_> = indices
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|&i| model.loss(&records.example(i, false), target) as f64)
                        .sum::<f64>()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or(0.0)).sum()
    });
    Some(total / records.len() as f64)
}

/// The `k` for which `sigmoid(score / k)` best predicts the results (least squares, on up
/// to 200,000 positions).
fn fit_k<G: TrainableEval>(records: &Records<G>) -> f32 {
    let step = (records.len() / 200_000).max(1);
    let examples: Vec<_> = (0..records.len())
        .step_by(step)
        .map(|i| records.example(i, false))
        .collect();
    let error = |k: f32| -> f64 {
        examples
            .iter()
            .map(|e| {
                let d = model::sigmoid(e.score / k) - e.result;
                (d * d) as f64
            })
            .sum()
    };
    (10..=200)
        .map(|tenth| tenth as f32 * 10.0)
        .min_by(|&a, &b| error(a).total_cmp(&error(b)))
        .expect("candidates")
}

fn shuffle(order: &mut [u32], rng: &mut rand_mt::Mt64) {
    for i in (1..order.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
}
