"""A YOLOX-tiny detector for 3 classes built by the library's builder, untrained (pretrained=False)."""

from cjm_yolox_pytorch.model import build_model

model = build_model(model_type="yolox_tiny", num_classes=3, pretrained=False)
