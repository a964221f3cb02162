import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.b1 = nn.BatchNorm2d(c)
        self.c2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(c)


class AlphaZeroNet(nn.Module):
    def __init__(self, board=9, planes=17, filters=64, blocks=6):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(planes, filters, 3, padding=1, bias=False), nn.BatchNorm2d(filters)
        )
        self.tower = nn.Sequential(*(ResBlock(filters) for _ in range(blocks)))
        self.policy = nn.Sequential(
            nn.Conv2d(filters, 2, 1, bias=False),
            nn.BatchNorm2d(2),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(2 * board * board, board * board + 1),  # + pass
        )
        self.value = nn.Sequential(
            nn.Conv2d(filters, 1, 1, bias=False),
            nn.BatchNorm2d(1),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(board * board, 256),
            nn.ReLU(),
            nn.Linear(256, 1),
            nn.Tanh(),
        )


model = AlphaZeroNet(board=9, planes=17, filters=64, blocks=6)
