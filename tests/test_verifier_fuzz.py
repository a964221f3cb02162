"""The verifier is the gym's reward: any graph the gym can write must get a report, never an
exception. Random edits (wrong types, None, negatives, huge values, rewired edges, unknown
types) over small models; every run must return a Report with a score in [0, 100]."""

import random

from driftcheck.graph.model import Edge
from driftcheck.verifier import verify
from tests.test_grounding import FAMILIES

JUNK = [None, -1, 0, 1, 3, 10**9, 2.5, "x", True, [], [2, 3], {"a": 1}, -(10**6)]


def _mutate(g, rng):
    for _ in range(rng.randint(1, 4)):
        n = rng.choice(g.nodes)
        move = rng.random()
        if move < 0.5 and n.params:
            n.params[rng.choice(list(n.params))] = rng.choice(JUNK)
        elif move < 0.6:
            n.params[rng.choice(["bogus", "num_heads", "top_k", "eps"])] = rng.choice(JUNK)
        elif move < 0.7:
            n.type = rng.choice(["Linear", "Conv2d", "Attention", "Nope", "Add", "Input"])
        elif move < 0.8 and len(g.nodes) > 1:
            a, b = rng.sample([x.id for x in g.nodes], 2)
            g.edges.append(Edge(src=a, dst=b, index=rng.choice([None, 0, 1, 5])))
        elif move < 0.9 and g.edges:
            g.edges.pop(rng.randrange(len(g.edges)))
        else:
            n.repeat = rng.choice([1, 2, 7])
        g.invalidate()


def test_random_edits_never_raise():
    rng = random.Random(7)
    runs = 0
    for fam, (make, kinds) in FAMILIES.items():
        for seed in range(50):
            g = make(random.Random(f"{fam}-fuzz-{seed}"), rng.choice([None, *kinds]))
            _mutate(g, rng)
            report = verify(g)
            assert 0 <= report.score <= 100
            assert all(f.message and f.check_id for f in report.findings)
            runs += 1
    assert runs == 200
