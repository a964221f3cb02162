"""bitorch's LeNet, version 1 (binarized convolutions), for 1x28x28 inputs and 10 classes."""

from bitorch.models import LeNet

model = LeNet(input_shape=[1, 1, 28, 28], num_classes=10, lenet_version=1)
