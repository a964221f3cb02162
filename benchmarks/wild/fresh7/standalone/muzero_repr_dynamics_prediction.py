"""MuZero (board-game sized): representation, dynamics and prediction nets, residual towers."""

import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)


def tower(c_in, c, n):
    return nn.Sequential(
        nn.Conv2d(c_in, c, 3, padding=1, bias=False),
        nn.BatchNorm2d(c),
        nn.ReLU(),
        *[ResBlock(c) for _ in range(n)],
    )


class MuZeroNet(nn.Module):
    def __init__(self, obs_planes=17, board=9, channels=64, blocks=6, actions=82, support=601):
        super().__init__()
        self.representation = tower(obs_planes, channels, blocks)
        self.dynamics = tower(channels + 1, channels, blocks)  # + one action plane
        self.reward_head = nn.Sequential(
            nn.Conv2d(channels, 1, 1), nn.Flatten(), nn.Linear(board * board, support)
        )
        self.prediction = tower(channels, channels, blocks // 2)
        self.policy_head = nn.Sequential(
            nn.Conv2d(channels, 2, 1),
            nn.BatchNorm2d(2),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(2 * board * board, actions),
        )
        self.value_head = nn.Sequential(
            nn.Conv2d(channels, 1, 1),
            nn.BatchNorm2d(1),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(board * board, 256),
            nn.ReLU(),
            nn.Linear(256, support),
        )


model = MuZeroNet()
