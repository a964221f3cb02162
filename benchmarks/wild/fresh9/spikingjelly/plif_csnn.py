# Fang et al. PLIF conv SNN for Fashion-MNIST, built with spikingjelly layers
from spikingjelly.activation_based import layer, neuron, surrogate
from torch import nn


def conv_bn_plif(cin, cout):
    return [
        layer.Conv2d(cin, cout, 3, padding=1, bias=False),
        layer.BatchNorm2d(cout),
        neuron.ParametricLIFNode(surrogate_function=surrogate.ATan()),
        layer.MaxPool2d(2),
    ]


model = nn.Sequential(
    *conv_bn_plif(1, 64),
    *conv_bn_plif(64, 64),
    layer.Flatten(),
    layer.Dropout(0.5),
    layer.Linear(64 * 7 * 7, 512),
    neuron.ParametricLIFNode(surrogate_function=surrogate.ATan()),
    layer.Linear(512, 10),
    neuron.ParametricLIFNode(surrogate_function=surrogate.ATan()),
)
