"""A recurrent torch_ac model whose actor and critic share one GRU torso and one conv encoder
(the same modules reached from two heads' Sequential wrappers)."""

import torch.nn as nn
import torch_ac


class SharedAC(nn.Module, torch_ac.RecurrentACModel):
    def __init__(self, n_actions=5, hidden=256):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(3, 32, 3, 2),
            nn.ReLU(),
            nn.Conv2d(32, 64, 3, 2),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(64 * 3 * 3, hidden),
            nn.ReLU(),
        )
        self.torso = nn.GRUCell(hidden, hidden)
        self.actor = nn.Sequential(self.encoder, nn.Linear(hidden, n_actions))
        self.critic = nn.Sequential(self.encoder, nn.Linear(hidden, 1))

    @property
    def memory_size(self):
        return 256


model = SharedAC()
