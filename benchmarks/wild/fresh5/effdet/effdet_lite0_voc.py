from effdet import create_model

# EfficientDet-Lite0 for the 20 VOC classes; neither the detector nor its backbone pretrained
model = create_model(
    "tf_efficientdet_lite0",
    bench_task="",
    num_classes=20,
    pretrained=False,
    pretrained_backbone=False,
    image_size=(320, 320),
)
