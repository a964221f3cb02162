from kornia.feature import HardNet

model = HardNet(pretrained=False)
