"""Zoo: Hugging Face style -- a PretrainedConfig-like class with defaults and attribute_map,
a PreTrainedModel-like base, ACT2FN-like activation table and config-driven layer counts."""

import torch
import torch.nn as nn

ACT = {"gelu": nn.GELU, "relu": nn.ReLU, "silu": nn.SiLU}


class TinyConfig:
    attribute_map = {"hidden_size": "d_model"}

    def __init__(self, d_model=40, n_layers=3, ffn=80, act="silu", vocab_size=222, tie=True):
        self.d_model = d_model
        self.n_layers = n_layers
        self.ffn = ffn
        self.act = act
        self.vocab_size = vocab_size
        self.tie = tie


class TinyPreTrained(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config


class TinyLayer(nn.Module):
    def __init__(self, config, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.up = nn.Linear(config.d_model, config.ffn)
        self.act = ACT[config.act]()
        self.down = nn.Linear(config.ffn, config.d_model)

    def forward(self, hidden_states):
        return hidden_states + self.down(self.act(self.up(hidden_states)))


class TinyModel(TinyPreTrained):
    def __init__(self, config: TinyConfig):
        super().__init__(config)
        self.embed = nn.Embedding(config.vocab_size, config.d_model)
        self.layers = nn.ModuleList(TinyLayer(config, i) for i in range(self.config.n_layers))
        self.final_norm = nn.LayerNorm(config.d_model)
        self.lm_head = nn.Linear(config.d_model, config.vocab_size, bias=False)
        if config.tie:
            self.lm_head.weight = self.embed.weight
        self.register_buffer("pos", torch.arange(16), persistent=False)

    def forward(self, input_ids=None, inputs_embeds=None, return_dict=True):
        if inputs_embeds is None:
            inputs_embeds = self.embed(input_ids)
        hidden_states = inputs_embeds
        for layer in self.layers[: self.config.n_layers]:
            hidden_states = layer(hidden_states)
        hidden_states = self.final_norm(hidden_states)
        logits = self.lm_head(hidden_states)
        if not return_dict:
            return (logits,)
        return {"logits": logits, "last_hidden_state": hidden_states}


ENTRY = "TinyModel"
CONFIG = None
INPUT = (2, 9)
INPUT_KIND = "tokens"
VOCAB = 222


def build():
    return TinyModel(TinyConfig())
