from pytorchcv.models.mobilenetv3 import mobilenetv3_small_w7d20

model = mobilenetv3_small_w7d20(num_classes=100, in_size=(160, 160))
