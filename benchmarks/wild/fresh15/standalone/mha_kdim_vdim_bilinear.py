"""Cross-modal fusion: MultiheadAttention with kdim/vdim differing from embed_dim (separate
q/k/v projection weights) and bias_k/bias_v, an EmbeddingBag text encoder, a Bilinear scorer."""

import torch.nn as nn


class Fusion(nn.Module):
    def __init__(self, img_dim=256, txt_vocab=10000, txt_dim=96, aud_dim=40, heads=4):
        super().__init__()
        self.txt = nn.EmbeddingBag(txt_vocab, txt_dim, mode="mean")
        self.img_to_txt = nn.MultiheadAttention(
            img_dim, heads, kdim=txt_dim, vdim=aud_dim, add_bias_kv=True, batch_first=True
        )
        self.txt_self = nn.MultiheadAttention(txt_dim, 4, bias=False)
        self.score = nn.Bilinear(img_dim, txt_dim, 1)
        self.norm = nn.RMSNorm(img_dim)


model = Fusion()
