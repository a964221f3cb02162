import torch.nn as nn
from torch.nn.utils import parametrizations as P


class Critic(nn.Module):
    def __init__(self, ch=(3, 32, 64, 128)):
        super().__init__()
        convs = []
        for a, b in zip(ch, ch[1:]):
            convs.append(P.spectral_norm(nn.Conv2d(a, b, 4, 2, 1)))
            convs.append(nn.LeakyReLU(0.2))
        self.body = nn.Sequential(*convs)
        self.fc = P.weight_norm(nn.Linear(ch[-1], 1))


model = Critic()
