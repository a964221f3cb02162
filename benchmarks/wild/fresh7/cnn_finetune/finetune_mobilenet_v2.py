from cnn_finetune import make_model

NUM_CLASSES = 3
model = make_model("mobilenet_v2", num_classes=NUM_CLASSES, pretrained=False)
