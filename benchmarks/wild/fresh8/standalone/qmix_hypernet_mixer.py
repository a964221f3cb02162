"""QMIX: per-agent GRU agents sharing one network (parameter sharing across agents), and a
monotonic mixer whose weights come from hypernetworks over the global state."""

import torch.nn as nn


class RNNAgent(nn.Module):
    def __init__(self, input_shape, rnn_hidden_dim=64, n_actions=9):
        super().__init__()
        self.fc1 = nn.Linear(input_shape, rnn_hidden_dim)
        self.rnn = nn.GRUCell(rnn_hidden_dim, rnn_hidden_dim)
        self.fc2 = nn.Linear(rnn_hidden_dim, n_actions)


class QMixer(nn.Module):
    def __init__(self, n_agents, state_dim, embed_dim=32, hypernet_embed=64):
        super().__init__()
        self.hyper_w_1 = nn.Sequential(
            nn.Linear(state_dim, hypernet_embed),
            nn.ReLU(),
            nn.Linear(hypernet_embed, embed_dim * n_agents),
        )
        self.hyper_w_final = nn.Sequential(
            nn.Linear(state_dim, hypernet_embed), nn.ReLU(), nn.Linear(hypernet_embed, embed_dim)
        )
        self.hyper_b_1 = nn.Linear(state_dim, embed_dim)
        self.V = nn.Sequential(nn.Linear(state_dim, embed_dim), nn.ReLU(), nn.Linear(embed_dim, 1))


class QMIX(nn.Module):
    def __init__(self, n_agents=5, obs_dim=80, n_actions=11, state_dim=120):
        super().__init__()
        shared = RNNAgent(obs_dim + n_actions + n_agents, 64, n_actions)
        # every agent runs the same network: one object in the list n_agents times
        self.agents = nn.ModuleList([shared] * n_agents)
        self.mixer = QMixer(n_agents, state_dim)


model = QMIX()
