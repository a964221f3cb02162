# mixture density network: pi / mu / sigma heads for K Gaussians over a D-dim target
import torch.nn as nn


class MDN(nn.Module):
    def __init__(self, d_in=6, hidden=64, k=5, d_out=2):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(d_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.pi = nn.Linear(hidden, k)
        self.mu = nn.Linear(hidden, k * d_out)
        self.log_sigma = nn.Linear(hidden, k * d_out)


model = MDN(d_in=6, hidden=64, k=5, d_out=2)
