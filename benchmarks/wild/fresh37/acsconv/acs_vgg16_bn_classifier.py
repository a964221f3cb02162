# ACS VGG-16-BN classifier
from acsconv.models.vgg import ClsVGG

model = ClsVGG(pretrained=False, num_classes=5)
