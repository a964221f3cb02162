"""A CIFAR teacher/student pair from torchdistill's registry (WRN-40-4 teacher, ResNet-20 student)
held by one module, the teacher frozen."""

import torch.nn as nn
from torchdistill.models.registry import get_model


class DistillPair(nn.Module):
    def __init__(self, teacher="wide_resnet40_4", student="resnet20", classes=100):
        super().__init__()
        self.teacher = get_model(teacher, num_classes=classes, pretrained=False)
        self.student = get_model(student, num_classes=classes, pretrained=False)
        for p in self.teacher.parameters():
            p.requires_grad_(False)


model = DistillPair()
