# Lechner-style driving policy: conv features into a sparsely wired CfC
from ncps.torch import CfC
from ncps.wirings import NCP
from torch import nn


class DrivingPolicy(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(3, 24, 5, 2),
            nn.ReLU(),
            nn.Conv2d(24, 36, 5, 2),
            nn.ReLU(),
            nn.Conv2d(36, 48, 3, 2),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        wiring = NCP(
            inter_neurons=12,
            command_neurons=6,
            motor_neurons=1,
            sensory_fanout=4,
            inter_fanout=4,
            recurrent_command_synapses=4,
            motor_fanin=6,
            seed=1,
        )
        self.rnn = CfC(48, wiring, mode="pure")


model = DrivingPolicy()
