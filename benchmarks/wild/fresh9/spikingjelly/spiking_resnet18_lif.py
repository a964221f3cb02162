from spikingjelly.activation_based import neuron, surrogate
from spikingjelly.activation_based.model import spiking_resnet

model = spiking_resnet.spiking_resnet18(
    pretrained=False,
    spiking_neuron=neuron.LIFNode,
    surrogate_function=surrogate.ATan(),
    detach_reset=True,
    num_classes=10,
)
