"""Drift between re-implementations and their configs (session 20a, issue #17).

Each test proves its rule in torch first (the code builds the HF model's parameter count, or
the sizes it claims), then statically: the clean pair gives no finding of minor or above and a
planted change gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


DT_CODE = """
import torch
from torch import nn

STATE, ACTION, EPISODE, WIDTH, HEADS, LAYERS = 5, 3, {episode}, 32, 2, 2


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(WIDTH), nn.LayerNorm(WIDTH)
        self.qkv = nn.Linear(WIDTH, 3 * WIDTH)
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.fc = nn.Linear(WIDTH, 4 * WIDTH)
        self.out = nn.Linear(4 * WIDTH, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, HEADS, -1).permute(2, 0, 3, 1, 4)
        a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, t, WIDTH))
        return x + self.out(nn.functional.relu(self.fc(self.ln2(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.t_emb = nn.Embedding(EPISODE, WIDTH)
        self.r_emb = nn.Linear(1, WIDTH)
        self.s_emb = nn.Linear(STATE, WIDTH)
        self.a_emb = nn.Linear(ACTION, WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH)
        self.tok_table = nn.Embedding(1, WIDTH)  # never read
        self.pos_table = nn.Embedding(1024, WIDTH)  # only row 0 is read
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.final_norm = nn.LayerNorm(WIDTH)
        self.to_state = nn.Linear(WIDTH, STATE)
        self.to_action = nn.Sequential(nn.Linear(WIDTH, ACTION), nn.Tanh())
        self.to_return = nn.Linear(WIDTH, 1)

    def forward(self, states, actions, returns, steps):
        b, t = states.shape[:2]
        te = self.t_emb(steps)
        toks = torch.stack(
            [self.r_emb(returns) + te, self.s_emb(states) + te, self.a_emb(actions) + te], 2
        ).reshape(b, 3 * t, WIDTH)
        x = self.emb_norm(toks) + self.pos_table.weight[0]
        for blk in self.blocks:
            x = blk(x)
        x = self.final_norm(x).view(b, t, 3, WIDTH)
        return self.to_state(x[:, :, 2]), self.to_action(x[:, :, 1]), self.to_return(x[:, :, 2])
"""

DT = dict(
    state_dim=5,
    act_dim=3,
    hidden_size=32,
    n_head=2,
    n_layer=2,
    max_ep_len=64,
    activation_function="relu",
)


def test_none_default_inputs_a_layer_reads_are_inputs(tmp_path) -> None:
    """transformers' Decision Transformer takes every input by a keyword defaulting to None
    (``timesteps=None``) and hands it to a layer unguarded (``self.embed_timestep(timesteps)``):
    a layer cannot take None, so the caller gives it, and it is an input as a parameter without
    a default is. Before, only ``states`` was an input on the config side, so the episode-step
    table (looked up by the code's ``steps`` input) was the code's token table and GPT-2's
    1024-row position table the config's: ``vocabSize 64 vs 1024`` on a clean pair."""
    cfg, path = config(tmp_path, "dt", "DecisionTransformerConfig", **DT)
    code = write(tmp_path, "dt.py", DT_CODE.format(episode=64))
    # torch: the same parameter count; the HF forward fails without timesteps
    import runpy

    with torch.device("meta"):
        mine = runpy.run_path(str(code))["M"]()
        hf = transformers.DecisionTransformerModel(cfg)
    assert count(mine) == count(hf)
    assert hf.embed_timestep.num_embeddings == 64
    real = transformers.DecisionTransformerModel(cfg).eval()
    b, t = 1, 4
    args = dict(
        states=torch.randn(b, t, 5),
        actions=torch.randn(b, t, 3),
        returns_to_go=torch.randn(b, t, 1),
        attention_mask=torch.ones(b, t, dtype=torch.long),
    )
    with pytest.raises((TypeError, AttributeError, RuntimeError)):
        real(**args)
    real(**args, timesteps=torch.zeros(b, t, dtype=torch.long))
    # static: the clean pair agrees; the episode table's rows changed is one finding
    assert run(code, path) == []
    planted = write(tmp_path, "dt_128.py", DT_CODE.format(episode=128))
    one(run(planted, path), 64, 128)
    # the config side's graph has the four inputs the forward reads
    from driftcheck.drift import load_sides

    right = load_sides(str(code), str(path)).right
    names = {n.name for n in right.nodes if n.type == "Input"}
    assert {"states", "actions", "returns_to_go", "timesteps"} <= names
    assert "attention_mask" not in names  # tested for None first: optional
