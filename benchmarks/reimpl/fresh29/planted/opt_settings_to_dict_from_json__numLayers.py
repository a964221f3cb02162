"""OPT (the 350m layout, pre-norm variant) with the project's own settings class: keyword
defaults (OPT-350m's), ``to_dict`` / ``to_json_string`` to save it beside a checkpoint and
``from_dict`` / ``from_json`` to read it back; the run's saved ``settings.json`` is read and
round-tripped once. Every weight a raw ``nn.Parameter`` registered by name in loops, a forward
of ``F.linear`` / ``F.layer_norm`` calls, a word-embedding width narrower than the model
(projected in and out), learned positions with the two-row offset, and logits from the
(narrow) embedding matrix."""

import json

import torch
import torch.nn as nn
import torch.nn.functional as F


class OPTSettings:
    def __init__(
        self,
        vocab_size=50272,
        hidden_size=1024,
        word_embed_proj_dim=512,
        ffn_dim=4096,
        num_hidden_layers=24,
        num_attention_heads=16,
        max_position_embeddings=2048,
        **extra,
    ):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.word_embed_proj_dim = word_embed_proj_dim
        self.ffn_dim = ffn_dim
        self.num_hidden_layers = num_hidden_layers
        self.num_attention_heads = num_attention_heads
        self.max_position_embeddings = max_position_embeddings
        self.extra = extra

    def to_dict(self):
        out = dict(vars(self))
        out.update(out.pop("extra"))
        return out

    def to_json_string(self):
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)

    @classmethod
    def from_dict(cls, d):
        return cls(**d)

    @classmethod
    def from_json(cls, text):
        return cls.from_dict(json.loads(text))


# settings.json, as the training run saved it
SAVED = """
{
  "vocab_size": 900,
  "hidden_size": 64,
  "word_embed_proj_dim": 32,
  "ffn_dim": 192,
  "num_hidden_layers": 3,
  "num_attention_heads": 4,
  "max_position_embeddings": 128,
  "dropout": 0.1
}
"""
SETTINGS = OPTSettings.from_json(OPTSettings.from_json(SAVED).to_json_string())

VOCAB = SETTINGS.vocab_size
WORD_DIM = SETTINGS.word_embed_proj_dim
WIDTH = SETTINGS.hidden_size
FFN = SETTINGS.ffn_dim
LAYERS = SETTINGS.num_hidden_layers
HEADS = SETTINGS.num_attention_heads
MAX_POS = SETTINGS.max_position_embeddings
POS_OFFSET = 2


class OPTFunctional(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_parameter("tokens", nn.Parameter(torch.randn(VOCAB, WORD_DIM) * 0.02))
        self.register_parameter("proj_in", nn.Parameter(torch.randn(WIDTH, WORD_DIM) * 0.02))
        self.register_parameter(
            "positions", nn.Parameter(torch.randn(MAX_POS + POS_OFFSET, WIDTH) * 0.02)
        )
        for i in range(LAYERS):
            for name, shape in (
                ("ln1_w", (WIDTH,)),
                ("ln1_b", (WIDTH,)),
                ("q_w", (WIDTH, WIDTH)),
                ("q_b", (WIDTH,)),
                ("k_w", (WIDTH, WIDTH)),
                ("k_b", (WIDTH,)),
                ("v_w", (WIDTH, WIDTH)),
                ("v_b", (WIDTH,)),
                ("o_w", (WIDTH, WIDTH)),
                ("o_b", (WIDTH,)),
                ("ln2_w", (WIDTH,)),
                ("ln2_b", (WIDTH,)),
                ("fc1_w", (FFN, WIDTH)),
                ("fc1_b", (FFN,)),
                ("fc2_w", (WIDTH, FFN)),
                ("fc2_b", (WIDTH,)),
            ):
                init = torch.ones(shape) if name.endswith("_w") and len(shape) == 1 else None
                if init is None:
                    init = torch.randn(shape) * 0.02 if len(shape) == 2 else torch.zeros(shape)
                self.register_parameter(f"l{i}_{name}", nn.Parameter(init))
        self.register_parameter("lnf_w", nn.Parameter(torch.ones(WIDTH)))
        self.register_parameter("lnf_b", nn.Parameter(torch.zeros(WIDTH)))
        self.register_parameter("proj_out", nn.Parameter(torch.randn(WORD_DIM, WIDTH) * 0.02))

    def p(self, i, name):
        return getattr(self, f"l{i}_{name}")

    def attend(self, i, x):
        b, t, _ = x.shape
        hd = WIDTH // HEADS
        q = F.linear(x, self.p(i, "q_w"), self.p(i, "q_b")) * hd**-0.5
        k = F.linear(x, self.p(i, "k_w"), self.p(i, "k_b"))
        v = F.linear(x, self.p(i, "v_w"), self.p(i, "v_b"))
        q, k, v = (z.view(b, t, HEADS, hd).transpose(1, 2) for z in (q, k, v))
        s = q @ k.transpose(2, 3)
        s = s + torch.full((t, t), float("-inf")).triu(1)
        y = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, WIDTH)
        return F.linear(y, self.p(i, "o_w"), self.p(i, "o_b"))

    def forward(self, ids):
        x = F.linear(F.embedding(ids, self.tokens), self.proj_in)
        x = x + self.positions[torch.arange(ids.shape[1]) + POS_OFFSET]
        for i in range(LAYERS):
            h = F.layer_norm(x, (WIDTH,), self.p(i, "ln1_w"), self.p(i, "ln1_b"))
            x = x + self.attend(i, h)
            h = F.layer_norm(x, (WIDTH,), self.p(i, "ln2_w"), self.p(i, "ln2_b"))
            h = F.relu(F.linear(h, self.p(i, "fc1_w"), self.p(i, "fc1_b")))
            x = x + F.linear(h, self.p(i, "fc2_w"), self.p(i, "fc2_b"))
        x = F.layer_norm(x, (WIDTH,), self.lnf_w, self.lnf_b)
        return F.linear(F.linear(x, self.proj_out), self.tokens)
