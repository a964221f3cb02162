# DeBERTa-style disentangled attention: content-to-position and position-to-content projections
# over a shared relative-position embedding table
import torch.nn as nn


class DisentangledSelfAttention(nn.Module):
    def __init__(self, hidden, heads, pos_att_type=("c2p", "p2c"), share_att_key=False):
        super().__init__()
        self.query_proj = nn.Linear(hidden, hidden)
        self.key_proj = nn.Linear(hidden, hidden)
        self.value_proj = nn.Linear(hidden, hidden)
        if not share_att_key:
            if "c2p" in pos_att_type:
                self.pos_key_proj = nn.Linear(hidden, hidden)
            if "p2c" in pos_att_type:
                self.pos_query_proj = nn.Linear(hidden, hidden)


class Layer(nn.Module):
    def __init__(self, hidden, heads, inter, share_att_key):
        super().__init__()
        self.attention = DisentangledSelfAttention(hidden, heads, share_att_key=share_att_key)
        self.attn_out = nn.Linear(hidden, hidden)
        self.ln1 = nn.LayerNorm(hidden)
        self.inter = nn.Linear(hidden, inter)
        self.out = nn.Linear(inter, hidden)
        self.ln2 = nn.LayerNorm(hidden)


class DebertaEncoder(nn.Module):
    def __init__(
        self,
        vocab=32000,
        hidden=256,
        heads=4,
        layers=4,
        inter=1024,
        max_rel=256,
        share_att_key=False,
    ):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden, padding_idx=0)
        self.emb_ln = nn.LayerNorm(hidden)
        self.rel_embeddings = nn.Embedding(2 * max_rel, hidden)
        self.rel_ln = nn.LayerNorm(hidden)
        self.layer = nn.ModuleList(
            Layer(hidden, heads, inter, share_att_key) for _ in range(layers)
        )


model = DebertaEncoder(share_att_key=False)
