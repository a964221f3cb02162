from kornia.feature import KeyNet

model = KeyNet(pretrained=False)
