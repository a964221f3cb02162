from geffnet import mobilenetv3_small_100

model = mobilenetv3_small_100(pretrained=False, num_classes=5)
