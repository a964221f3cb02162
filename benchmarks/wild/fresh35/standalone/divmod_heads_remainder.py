import torch.nn as nn

dim, head_dim = 200, 48
n_heads, rest = divmod(dim, head_dim)  # 4 heads of 48, 8 channels left over
inner = n_heads * head_dim


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * inner, bias=False)
        self.out = nn.Linear(inner, dim)
        # the leftover channels get their own small projection
        self.rest = nn.Linear(rest, rest) if rest else nn.Identity()


model = Attention()
