# TokenLearner (Ryoo et al.): learn S spatial attention maps that pool a feature map into S tokens
import torch
import torch.nn as nn


class TokenLearner(nn.Module):
    def __init__(self, dim, num_tokens=8, hidden=64):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.Sequential(
            nn.Conv2d(dim, hidden, 1, bias=False),
            nn.GELU(),
            nn.Conv2d(hidden, hidden, 3, padding=1, groups=hidden, bias=False),
            nn.GELU(),
            nn.Conv2d(hidden, num_tokens, 1, bias=False),
        )

    def forward(self, x):  # x: B, C, H, W
        maps = self.attn(x).flatten(2).softmax(-1)  # B, S, HW
        return torch.einsum("bsn,bcn->bsc", maps, x.flatten(2))


class TokenFuser(nn.Module):
    def __init__(self, dim, num_tokens):
        super().__init__()
        self.mix = nn.Linear(num_tokens, num_tokens)
        self.norm = nn.LayerNorm(dim)
        self.back = nn.Conv2d(dim, num_tokens, 1)


class ViViTTokenLearner(nn.Module):
    def __init__(self, dim=192, depth=4, heads=3, num_tokens=8, patch=16, frames=8):
        super().__init__()
        self.embed = nn.Conv3d(3, dim, kernel_size=(2, patch, patch), stride=(2, patch, patch))
        self.pos = nn.Parameter(torch.zeros(1, frames // 2, dim, 14, 14))
        self.learner = TokenLearner(dim, num_tokens)
        layer = nn.TransformerEncoderLayer(dim, heads, 4 * dim, batch_first=True, norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.fuser = TokenFuser(dim, num_tokens)
        self.head = nn.Linear(dim, 400)


model = ViViTTokenLearner(dim=192, depth=4, heads=3, num_tokens=8)
