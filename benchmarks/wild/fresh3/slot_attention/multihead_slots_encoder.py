import torch.nn as nn
from slot_attention import MultiHeadSlotAttention


class SlotEncoder(nn.Module):
    def __init__(self, dim=64, num_slots=5):
        super().__init__()
        self.cnn = nn.Sequential(
            nn.Conv2d(3, dim, 5, padding=2), nn.ReLU(),
            nn.Conv2d(dim, dim, 5, padding=2), nn.ReLU(),
            nn.Conv2d(dim, dim, 5, padding=2), nn.ReLU(),
        )
        self.pos = nn.Linear(4, dim)
        self.mlp = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.slots = MultiHeadSlotAttention(num_slots=num_slots, dim=dim, heads=4, dim_head=32)

    def forward(self, img, grid):
        x = self.cnn(img).flatten(2).transpose(1, 2) + self.pos(grid)
        return self.slots(self.mlp(x))


model = SlotEncoder()
