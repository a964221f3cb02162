import torch.nn as nn
from invariant_point_attention import IPABlock


class StructureModule(nn.Module):
    """Token embedding, shared-weight IPA refinement, a head for backbone updates."""

    def __init__(self, num_tokens=21, dim=32, iters=4, heads=4):
        super().__init__()
        self.token_emb = nn.Embedding(num_tokens, dim)
        self.block = IPABlock(dim=dim, heads=heads, require_pairwise_repr=False)
        self.iters = iters
        self.to_update = nn.Linear(dim, 6)

    def forward(self, seq, rotations, translations):
        x = self.token_emb(seq)
        for _ in range(self.iters):
            x = self.block(x, rotations=rotations, translations=translations)
        return self.to_update(x)


model = StructureModule()
