"""A recurrent policy (DRQN-style): conv trunk, LSTM through pfrl.nn.RecurrentSequential, softmax head."""

from pfrl.nn import RecurrentSequential, SmallAtariCNN
from pfrl.policies import SoftmaxCategoricalHead
from torch import nn


class Agent(nn.Module):
    def __init__(self, n_actions: int = 4, hidden: int = 64):
        super().__init__()
        self.net = RecurrentSequential(
            SmallAtariCNN(n_input_channels=1, n_output_channels=hidden),
            nn.LSTM(input_size=hidden, hidden_size=hidden // 2),
            nn.Linear(hidden // 2, n_actions),
            SoftmaxCategoricalHead(),
        )


model = Agent(n_actions=7)
