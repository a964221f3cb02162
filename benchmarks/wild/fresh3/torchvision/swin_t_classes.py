from torchvision import models

model = models.swin_t(weights=None, num_classes=31)
