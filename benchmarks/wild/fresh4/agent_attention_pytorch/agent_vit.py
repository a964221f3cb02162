import torch
import torch.nn as nn
from agent_attention_pytorch import AgentSelfAttention
from einops.layers.torch import Rearrange


class AgentViT(nn.Module):
    def __init__(self, image_size=64, patch=8, dim=192, depth=3, n_classes=10, agents=16):
        super().__init__()
        n = (image_size // patch) ** 2
        self.to_patches = nn.Sequential(
            Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=patch, p2=patch),
            nn.LayerNorm(3 * patch * patch),
            nn.Linear(3 * patch * patch, dim),
        )
        self.pos = nn.Parameter(torch.randn(1, n, dim) * 0.02)
        self.blocks = nn.ModuleList(
            nn.ModuleList(
                [
                    AgentSelfAttention(dim, num_agent_tokens=agents, heads=4, dim_head=48),
                    nn.Sequential(
                        nn.LayerNorm(dim),
                        nn.Linear(dim, dim * 4),
                        nn.GELU(),
                        nn.Linear(dim * 4, dim),
                    ),
                ]
            )
            for _ in range(depth)
        )
        self.head = nn.Linear(dim, n_classes)

    def forward(self, img):
        x = self.to_patches(img) + self.pos
        for attn, ff in self.blocks:
            x = attn(x) + x
            x = ff(x) + x
        return self.head(x.mean(1))


model = AgentViT()
