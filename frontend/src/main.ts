import "./style.css";
import "./dialogs.css";
import { mount } from "./app";
import { connect } from "./transport";

const root = document.getElementById("app");
if (root) mount(root, connect());
