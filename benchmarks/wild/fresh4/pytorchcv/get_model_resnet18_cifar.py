"""Fine-tune a pytorchcv ResNet-18 on a 10-class problem."""

from pytorchcv.model_provider import get_model as ptcv_get_model

NUM_CLASSES = 10

model = ptcv_get_model("resnet18", pretrained=False, num_classes=NUM_CLASSES)
