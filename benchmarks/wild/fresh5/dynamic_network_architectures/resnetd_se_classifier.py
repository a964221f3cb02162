from dynamic_network_architectures.architectures.resnet import ResNet18_CIFAR, ResNetD

# the generic ResNet-D from a named config, squeeze-excitation on, single-channel 3-D input
model = ResNetD(n_classes=5, n_input_channel=1, config="18", input_dimension=3, squeeze_excitation=True)

if __name__ == "__main__":
    baseline = ResNet18_CIFAR(n_classes=10)
