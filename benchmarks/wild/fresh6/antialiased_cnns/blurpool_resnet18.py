"""Anti-aliased ResNet-18 (BlurPool before strided convs), randomly initialized, 10 classes."""

import antialiased_cnns

model = antialiased_cnns.resnet18(pretrained=False, filter_size=4, num_classes=10)
