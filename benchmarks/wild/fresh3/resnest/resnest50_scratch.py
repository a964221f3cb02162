from resnest.torch import resnest50

model = resnest50(pretrained=False, num_classes=100)
