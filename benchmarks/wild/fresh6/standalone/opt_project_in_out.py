"""OPT-350m-style decoder: word embeddings narrower than the hidden size (project_in / project_out),
learned positions offset by 2, post-LN layers, head tied to the embeddings."""

import json

import torch.nn as nn

CONFIG = json.loads(
    '{"vocab_size": 4000, "hidden_size": 128, "word_embed_proj_dim": 64, "num_hidden_layers": 3,'
    ' "ffn_dim": 512, "num_attention_heads": 4, "max_position_embeddings": 256,'
    ' "do_layer_norm_before": false, "enable_bias": true}'
)


class OPTLearnedPositionalEmbedding(nn.Embedding):
    def __init__(self, num_embeddings, embedding_dim):
        self.offset = 2
        super().__init__(num_embeddings + self.offset, embedding_dim)


class OPTDecoderLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d, bias = cfg["hidden_size"], cfg["enable_bias"]
        self.k_proj, self.v_proj, self.q_proj, self.out_proj = (
            nn.Linear(d, d, bias=bias) for _ in range(4)
        )
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, cfg["ffn_dim"], bias=bias)
        self.fc2 = nn.Linear(cfg["ffn_dim"], d, bias=bias)
        self.final_layer_norm = nn.LayerNorm(d)


class OPTForCausalLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d, e = cfg["hidden_size"], cfg["word_embed_proj_dim"]
        self.embed_tokens = nn.Embedding(cfg["vocab_size"], e, padding_idx=1)
        self.embed_positions = OPTLearnedPositionalEmbedding(cfg["max_position_embeddings"], d)
        self.project_in = nn.Linear(e, d, bias=False) if e != d else None
        self.project_out = nn.Linear(d, e, bias=False) if e != d else None
        # final norm only when layers are pre-LN
        self.final_layer_norm = nn.LayerNorm(d) if cfg["do_layer_norm_before"] else None
        self.layers = nn.ModuleList(OPTDecoderLayer(cfg) for _ in range(cfg["num_hidden_layers"]))
        self.lm_head = nn.Linear(e, cfg["vocab_size"], bias=False)
        self.lm_head.weight = self.embed_tokens.weight


model = OPTForCausalLM(CONFIG)
