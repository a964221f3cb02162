import pretrainedmodels

model = pretrainedmodels.se_resnext50_32x4d(num_classes=1000, pretrained=None)
