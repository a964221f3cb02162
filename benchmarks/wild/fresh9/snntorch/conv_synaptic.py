import snntorch as snn
from snntorch import surrogate
from torch import nn


class ConvSNN(nn.Module):
    def __init__(self):
        super().__init__()
        grad = surrogate.fast_sigmoid(slope=25)
        self.conv1 = nn.Conv2d(2, 12, 5)
        self.lif1 = snn.Synaptic(
            alpha=0.8, beta=0.9, spike_grad=grad, learn_alpha=True, learn_beta=True
        )
        self.conv2 = nn.Conv2d(12, 32, 5)
        self.lif2 = snn.Synaptic(alpha=0.8, beta=0.9, spike_grad=grad)
        self.fc = nn.Linear(32 * 5 * 5, 11)
        self.lif3 = snn.Leaky(beta=0.9, spike_grad=grad)


model = ConvSNN()
