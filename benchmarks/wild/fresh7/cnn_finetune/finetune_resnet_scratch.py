from cnn_finetune import make_model

model = make_model("resnet34", num_classes=12, pretrained=False, dropout_p=0.3)
