import functools

from spikingjelly.activation_based import neuron
from spikingjelly.activation_based.model import sew_resnet

node = functools.partial(neuron.IFNode, v_threshold=1.0)
model = sew_resnet.sew_resnet34(pretrained=False, cnf="ADD", spiking_neuron=node, num_classes=100)
