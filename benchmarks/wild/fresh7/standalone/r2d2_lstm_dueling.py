import torch.nn as nn


class R2D2(nn.Module):
    """R2D2: Nature-DQN torso, previous action one-hot and reward into an LSTM, dueling heads."""

    def __init__(self, num_actions=18, frames=4, hidden=512):
        super().__init__()
        self.torso = nn.Sequential(
            nn.Conv2d(frames, 32, 8, 4),
            nn.ReLU(),
            nn.Conv2d(32, 64, 4, 2),
            nn.ReLU(),
            nn.Conv2d(64, 64, 3, 1),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(64 * 7 * 7, hidden),
            nn.ReLU(),
        )
        self.lstm = nn.LSTM(hidden + num_actions + 1, hidden, batch_first=True)
        self.advantage = nn.Sequential(
            nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, num_actions)
        )
        self.value = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))


model = R2D2()
