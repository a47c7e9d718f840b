/**
 * The forms' layer (decision 181): Formik, yup and the app's field system, evaluated in a task of
 * their own before a screen with a form (src/app/lazy-screen.ts `withForms`), so that the screen's
 * own chunk is a short task after it. Nothing here runs.
 */
export { FormField } from '../../forms/form-field';
export { SubmitForm } from '../../forms/submit-form';
