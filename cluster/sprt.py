"""The sequential probability ratio test on pentanomial counts, the formula of
``troyka-match`` (src/tournament/sprt.rs, after Michel Van den Bergh's "Comments on
Normalized Elo", as fastchess and fishtest compute it), so that a match spread over a
cluster stops where ``troyka-match`` would. The five buckets are the first engine's points
in a colour-swapped pair: 0, 1/2, 1, 3/2 and 2."""

import math
from dataclasses import dataclass

PAIR_SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]

#: A zero count would make a log-likelihood infinite; it counts as this (as fastchess).
ZERO_COUNT = 1e-3


@dataclass(frozen=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "normalized"  # or "logistic": elo0 and elo1 as plain Elo

    def bounds(self):
        """Wald's bounds: H0 is accepted at or below the first, H1 at or above the second."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def decision(self, llr):
        """``"H0"``, ``"H1"`` or ``None`` (go on)."""
        lower, upper = self.bounds()
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None

    def llr(self, counts):
        """The log-likelihood ratio of H1 against H0 given the five pair counts."""
        if sum(counts) == 0:
            return 0.0
        regular = [n if n else ZERO_COUNT for n in counts]
        total = sum(regular)
        observed = [n / total for n in regular]
        if self.model == "logistic":
            p0 = _mle_with_mean(observed, _elo_to_score(self.elo0))
            p1 = _mle_with_mean(observed, _elo_to_score(self.elo1))
        else:
            # Normalized Elo of pairs: t = (mean - 1/2) / sigma = nElo * sqrt(2) / (800 / ln 10).
            scale = math.sqrt(2) * math.log(10) / 800
            p0 = _mle_with_t_value(observed, self.elo0 * scale)
            p1 = _mle_with_t_value(observed, self.elo1 * scale)
        return total * sum(o * (math.log(a) - math.log(b)) for o, a, b in zip(observed, p1, p0))


def _elo_to_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def _decreasing_root(f, low, high):
    for _ in range(200):
        middle = (low + high) / 2
        if middle <= low or middle >= high:
            break
        if f(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _tilt(observed, phi):
    """The distribution closest to ``observed`` whose differences ``phi`` have mean zero."""
    theta = _decreasing_root(
        lambda t: sum(o * f / (1 + t * f) for o, f in zip(observed, phi)),
        -1 / max(phi),
        -1 / min(phi),
    )
    return [o / (1 + theta * f) for o, f in zip(observed, phi)]


def _mle_with_mean(observed, score):
    return _tilt(observed, [a - score for a in PAIR_SCORES])


def _mle_with_t_value(observed, t):
    p = [0.2] * 5
    for _ in range(1000):
        mean = sum(q * a for q, a in zip(p, PAIR_SCORES))
        sigma = math.sqrt(sum(q * (a - mean) ** 2 for q, a in zip(p, PAIR_SCORES)))
        phi = [a - 0.5 - 0.5 * t * sigma * (1 + ((a - mean) / sigma) ** 2) for a in PAIR_SCORES]
        following = _tilt(observed, phi)
        change = max(abs(a - b) for a, b in zip(following, p))
        p = following
        if change < 1e-9:
            break
    return p
