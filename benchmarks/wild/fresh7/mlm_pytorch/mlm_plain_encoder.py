import torch
import torch.nn as nn
from mlm_pytorch import MLM


class BertLike(nn.Module):
    def __init__(self, num_tokens=20000, dim=256, depth=4, heads=4, max_len=256):
        super().__init__()
        self.tok = nn.Embedding(num_tokens, dim)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.enc = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(dim, heads, 4 * dim, batch_first=True, norm_first=True),
            depth,
        )
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, num_tokens)

    def forward(self, x):
        h = self.tok(x) + self.pos[:, : x.shape[1]]
        return self.lm_head(self.norm(self.enc(h)))


transformer = BertLike()
model = MLM(
    transformer,
    mask_token_id=2,
    pad_token_id=0,
    mask_prob=0.15,
    replace_prob=0.9,
    mask_ignore_token_ids=[1],
)
