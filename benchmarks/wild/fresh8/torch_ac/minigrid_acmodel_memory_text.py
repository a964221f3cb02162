"""The rl-starter-files actor-critic for MiniGrid: image conv, LSTM memory, a GRU over the mission
text, actor and critic heads; a torch_ac RecurrentACModel."""

from types import SimpleNamespace

import torch.nn as nn
import torch_ac


class ACModel(nn.Module, torch_ac.RecurrentACModel):
    def __init__(self, obs_space, action_space, use_memory=True, use_text=True):
        super().__init__()
        self.use_text, self.use_memory = use_text, use_memory
        self.image_conv = nn.Sequential(
            nn.Conv2d(3, 16, (2, 2)),
            nn.ReLU(),
            nn.MaxPool2d((2, 2)),
            nn.Conv2d(16, 32, (2, 2)),
            nn.ReLU(),
            nn.Conv2d(32, 64, (2, 2)),
            nn.ReLU(),
        )
        n, m = obs_space["image"][0], obs_space["image"][1]
        self.image_embedding_size = ((n - 1) // 2 - 2) * ((m - 1) // 2 - 2) * 64
        if use_memory:
            self.memory_rnn = nn.LSTMCell(self.image_embedding_size, self.semi_memory_size)
        if use_text:
            self.word_embedding_size = 32
            self.word_embedding = nn.Embedding(obs_space["text"], self.word_embedding_size)
            self.text_embedding_size = 128
            self.text_rnn = nn.GRU(
                self.word_embedding_size, self.text_embedding_size, batch_first=True
            )
        self.embedding_size = self.semi_memory_size + (self.text_embedding_size if use_text else 0)
        self.actor = nn.Sequential(
            nn.Linear(self.embedding_size, 64), nn.Tanh(), nn.Linear(64, action_space.n)
        )
        self.critic = nn.Sequential(nn.Linear(self.embedding_size, 64), nn.Tanh(), nn.Linear(64, 1))

    @property
    def memory_size(self):
        return 2 * self.semi_memory_size

    @property
    def semi_memory_size(self):
        return self.image_embedding_size


model = ACModel({"image": (7, 7, 3), "text": 100}, SimpleNamespace(n=7))
