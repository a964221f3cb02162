# two baselines of a user's knowledge-tracing comparison: SAINT and DKVMN, kept side by side
import torch.nn as nn
from pykt.models.dkvmn import DKVMN
from pykt.models.saint import SAINT

num_q, num_c = 3000, 120
model = nn.ModuleDict(
    {
        "saint": SAINT(
            num_q=num_q,
            num_c=num_c,
            seq_len=100,
            emb_size=128,
            num_attn_heads=8,
            dropout=0.1,
            n_blocks=2,
        ),
        "dkvmn": DKVMN(num_c=num_c, dim_s=64, size_m=50, dropout=0.2),
    }
)
